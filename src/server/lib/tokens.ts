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

/**
 * The caller a valid access token names: what request.user holds (types.ts). Role, email and the
 * two-step state are read from the database with the token's session on each request.
 */
export interface AuthUser {
  id: string;
  role: Role;
  email: string;
  /** The sign-in (refresh-token family) the token belongs to: repositories/sessions.ts. */
  sessionId: string;
  /** Two-step sign-in is on for the account. */
  twoStep: boolean;
  /** The last password or second step in this session (step-up), or null. */
  verifiedAt: Date | null;
  /** verifiedAt is within STEP_UP_MAX_AGE_SECONDS (config.stepUpSeconds): money may move without asking again. */
  fresh: boolean;
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

  /** `ttlSeconds` may be negative (tests make expired tokens this way). `sessionId` names the sign-in (claim sid). */
  async sign(user: TokenUser, sessionId: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      user_id: user.id,
      sid: sessionId,
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
    // Tokens minted before sessions existed (at most 15 minutes old) are refused: the client refreshes.
    if (typeof payload.sid !== 'string') throw new Error('Token has no session.');
    return payload as unknown as AccessClaims;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
