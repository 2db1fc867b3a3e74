/** Auth wire types shared by the API and the PWA (spec §3, §7). */
export type Role = 'user' | 'admin';

export interface SignupRequest {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password2: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Claims of the access token (a JWT). `user_id` and `sub` are the user's UUID. */
export interface AccessClaims {
  user_id: string;
  sub: string;
  role: Role;
  email: string;
  name: string;
  exp: number;
  iat: number;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const PASSWORD_MIN_LENGTH = 8;

/** Password rules shared by client hints and server validation; returns messages (empty when fine). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}
