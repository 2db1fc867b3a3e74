import { formatDate } from '../../../../shared/dates';
import { formatGhanaMobile } from '../../../../shared/phone';
import type { OwnProfile } from '../api/profile-api';

export const SMS_CONSENT_TEXT = {
  label: 'Text me (SMS) on this phone: receipts, news of causes I gave to, and my causes’ gifts and withdrawals',
  agreed: (phone: string) => `Texts go to ${formatGhanaMobile(phone)}. Reply STOP to any of them to end them.`,
  stoppedByReply: (date: string) => `No texts: this number replied STOP on ${date}. Tick the box (or reply START) to get them again.`,
  stopped: (date: string) => `No texts since ${date}. Tick the box to get them again.`,
  onlyGhana: 'Texts go to Ghana mobile numbers only (024 123 4567).',
} as const;

/** What the server says about texts to the saved phone, in words. */
function stateText(sms: OwnProfile['sms'] | undefined): string {
  if (!sms?.phone) return SMS_CONSENT_TEXT.onlyGhana;
  if (sms.status === 'agreed') return SMS_CONSENT_TEXT.agreed(sms.phone);
  if (sms.status === 'stopped') {
    const date = formatDate(sms.changed_at);
    return sms.source === 'sms' ? SMS_CONSENT_TEXT.stoppedByReply(date) : SMS_CONSENT_TEXT.stopped(date);
  }
  return SMS_CONSENT_TEXT.onlyGhana;
}

/** The profile's texting box, under the phone field; saved with the form. */
export function SmsConsentField({
  id,
  checked,
  onChange,
  sms,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  sms: OwnProfile['sms'] | undefined;
}) {
  return (
    <div className="field">
      <label className="checkbox">
        <input id={id} type="checkbox" checked={checked} aria-describedby={`${id}-state`} onChange={(e) => onChange(e.target.checked)} />
        {SMS_CONSENT_TEXT.label}
      </label>
      <p id={`${id}-state`} className="field__hint" aria-live="polite">
        {stateText(sms)}
      </p>
    </div>
  );
}
