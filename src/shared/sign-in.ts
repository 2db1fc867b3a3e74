/** How long sign-in tokens live and what a password must be (spec §3, §7). Plain values, no imports. */

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
