/**
 * "Text me receipts? 1 Yes 2 No" on the USSD menu. The one place the answer goes: for now it is kept in
 * ussd_sms_consents (and in the session's data). When the SMS channel of issue #32 lands, this
 * function hands the answer to its consent instead (the phone is 233XXXXXXXXX), and nothing else in
 * the USSD code changes.
 */
import type { Repos } from '../repositories/repos';

export async function recordUssdSmsConsent(repos: Repos, phone: string, yes: boolean): Promise<void> {
  await repos.ussd.recordSmsConsent(phone, yes);
}
