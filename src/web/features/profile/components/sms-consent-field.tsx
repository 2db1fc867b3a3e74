import { formatDate } from '../../../../shared/dates';
import { formatGhanaMobile } from '../../../../shared/phone';
import type { Locale } from '../../../../shared/i18n/locales';
import { useLocale, useT, type Translate } from '../../../lib/i18n';
import type { OwnProfile } from '../api/profile-api';

/** What the server says about texts to the saved phone, in words. */
function stateText(sms: OwnProfile['sms'] | undefined, t: Translate, locale: Locale): string {
  if (!sms?.phone) return t('account.sms.onlyGhana');
  if (sms.status === 'agreed') return t('account.sms.agreed', { phone: formatGhanaMobile(sms.phone) });
  if (sms.status === 'stopped') {
    const date = formatDate(sms.changed_at, locale);
    return sms.source === 'sms' ? t('account.sms.stoppedByReply', { date }) : t('account.sms.stopped', { date });
  }
  return t('account.sms.onlyGhana');
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
  const t = useT();
  const locale = useLocale();
  return (
    <div className="field">
      <label className="checkbox">
        <input id={id} type="checkbox" checked={checked} aria-describedby={`${id}-state`} onChange={(e) => onChange(e.target.checked)} />
        {t('account.sms.label')}
      </label>
      <p id={`${id}-state`} className="field__hint" aria-live="polite">
        {stateText(sms, t, locale)}
      </p>
    </div>
  );
}
