/** Auth wire types shared by the API and the PWA (spec §3, §7); request and answer types are the contract schemas'. */
import type { Static } from 'typebox';
import type { LoginBody, SignupBody, TokenPairSchema } from './contract/auth';
import type { UserRoleSchema } from './contract/common';

export type Role = Static<typeof UserRoleSchema>;
export type SignupRequest = Static<typeof SignupBody>;
export type LoginRequest = Static<typeof LoginBody>;
export type TokenPair = Static<typeof TokenPairSchema>;

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
