/**
 * Giving by USSD: the cause's six-digit code and the string a feature phone dials to reach it
 * (the service code with the cause's code added before the #). Imports nothing.
 */

/** A cause's code: six digits, never starting with 0 (the database hands them out, migration 0024). */
export const CAUSE_CODE_PATTERN = /^[1-9]\d{5}$/;

/** A USSD service code as networks write it: `*920*44#`. */
export const USSD_SERVICE_CODE_PATTERN = /^\*\d{2,4}(\*\d{1,4}){0,3}#$/;

/** `*920*44#` and `123456` → `*920*44*123456#`: dialled, it opens the cause's gift at once. */
export function ussdDialString(serviceCode: string, causeCode: string): string {
  return `${serviceCode.replace(/#$/, '')}*${causeCode}#`;
}
