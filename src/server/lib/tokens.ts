/**
 * Access tokens are short-lived HS256 JWTs (stateless, so any process can
 * check them with the shared secret). Refresh tokens are opaque random
 * strings; only their sha256 lives in the database.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../shared/sign-in';
import type { AccessClaims } from '../../shared/contract/auth';
import type { Role } from '../../shared/contract/common';

/** The caller a valid access token names: what request.user holds (types.ts). */
export interface AuthUser {
  id: string;
  role: Role;
  email: string;
}

export interface TokenUser {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
}

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** `ttlSeconds` may be negative (tests make expired tokens this way). */
  async sign(user: TokenUser, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      user_id: user.id,
      role: user.role,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key);
  }

  /** Throws on a bad signature, expiry or malformed token. */
  async verify(token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || payload.user_id !== payload.sub) throw new Error('Token has no user.');
    return payload as unknown as AccessClaims;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
