import type { AccessClaims } from '../../shared/contract/auth';

/**
 * Reads the claims of an access token without verifying it: the server verifies,
 * the client only needs the user id, role and name for display and guards.
 */
export function decodeJwt(token: string | null | undefined): Partial<AccessClaims> | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Partial<AccessClaims>) : null;
  } catch {
    return null;
  }
}

/** Spec §3: the stored user id comes from the claim user_id, user or sub (first present). */
export function userIdFromClaims(claims: Record<string, unknown> | null): string | null {
  if (!claims) return null;
  for (const key of ['user_id', 'user', 'sub']) {
    const value = claims[key];
    if (typeof value === 'string' && value) return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}
