import { SMS_UPDATE_TITLE_MAX, smsClip, smsSegments, type SmsCount } from '../../../../shared/sms-segments';

/**
 * The text donors who chose SMS get for an update, framed as the server frames it (src/server/sms/
 * sms-text.ts, causeUpdateSms: the cause's name cut to SMS_UPDATE_TITLE_MAX, a colon, the update;
 * tests/web/sms-fields.test.tsx checks the two agree), and what it costs.
 */
export function updateSms(causeTitle: string, body: string): { text: string; count: SmsCount } {
  const text = `${smsClip(causeTitle, SMS_UPDATE_TITLE_MAX)}: ${body.trim()}`;
  return { text, count: smsSegments(text) };
}

export const SMS_COUNT_TEXT = {
  count: (count: SmsCount) =>
    `Donors who chose texts get this by SMS with the cause's name: ${count.units} characters, ${count.parts} ${count.parts === 1 ? 'SMS' : 'SMS parts'} (${count.remaining} left in this one).`,
  unicode: (characters: string[]) =>
    `${characters.slice(0, 5).join(' ')} ${characters.length === 1 ? 'is' : 'are'} outside the SMS alphabet, so each part holds 70 characters, not 160.`,
} as const;
