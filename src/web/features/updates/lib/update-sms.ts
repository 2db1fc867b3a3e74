import type { Translate } from '../../../lib/i18n';
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

/** What the update's text costs as SMS, in the reader's language. */
export function smsCountText(t: Translate, count: SmsCount): string {
  const text = t('updates.form.smsCount', { units: count.units, parts: count.parts, remaining: count.remaining });
  const odd = count.unicodeCharacters;
  return odd.length > 0 ? `${text} ${t('updates.form.smsUnicode', { count: odd.length, characters: odd.slice(0, 5).join(' ') })}` : text;
}
