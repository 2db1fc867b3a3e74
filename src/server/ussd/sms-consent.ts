/**
 * "Text me receipts? 1 Yes 2 No" on the USSD menu: the caller's answer is the number's consent to texts, the same
 * record the donation form and the profile write (repositories/sms-consent.ts). "No" after an earlier "Yes" stops them.
 * The session keeps the answer too (ussd_sms_consents, for the menu's own history).
 */
import type { Repos } from '../repositories/repos';

export async function recordUssdSmsConsent(repos: Repos, phone: string, yes: boolean): Promise<void> {
  await repos.ussd.recordSmsConsent(phone, yes);
  await (yes ? repos.smsConsent.agree(phone, 'ussd') : repos.smsConsent.stop(phone, 'ussd'));
}
