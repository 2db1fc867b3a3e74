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

/** A money action needs a password or second step this recent in the same session (step-up); STEP_UP_MAX_AGE_SECONDS. */
export const STEP_UP_MAX_AGE_SECONDS = 10 * 60;
/** TOTP (RFC 6238) as every authenticator app does it: 30-second steps, 6 digits, HMAC-SHA1. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Single-use codes for a lost phone, shown once at enrolment. */
export const RECOVERY_CODE_COUNT = 10;
/** "Remember this device": no second step on it for this many days. */
export const REMEMBER_DEVICE_DAYS = 30;
/** The password was right; the second step must follow within this time. */
export const SECOND_STEP_SECONDS = 5 * 60;

/** What a person types as a code: digits only once spaces and dashes are gone, or null. */
export function normalizeTotpCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/** A recovery code as stored: lowercase letters and digits of our alphabet, dashes and spaces dropped; or null. */
export function normalizeRecoveryCode(raw: string): string | null {
  const code = raw.replace(/[\s-]/g, '').toLowerCase();
  return /^[a-z2-7]{12}$/.test(code) ? code : null;
}
