import { useSnapshot } from 'valtio';
import { useT } from '../../../lib/i18n';
import { session } from '../../../stores/session-store';

/**
 * "Give monthly": the same gift charged every month until cancelled from Donation history. Only
 * for signed-in donors — a monthly gift needs an account to be seen and cancelled from — so guests
 * are told to sign in instead of being offered a box the server would refuse.
 */
export function GiveMonthlyField({ monthly, setMonthly }: { monthly: boolean; setMonthly: (monthly: boolean) => void }) {
  const { access } = useSnapshot(session);
  const t = useT();
  if (!access) {
    return <p className="field__hint give-monthly__guest">{t('donation.monthly.signIn')}</p>;
  }
  return (
    <div className="field give-monthly">
      <label className="checkbox">
        <input type="checkbox" checked={monthly} onChange={(e) => setMonthly(e.target.checked)} aria-describedby="give-monthly-hint" />
        {t('donation.monthly.label')}
      </label>
      <p id="give-monthly-hint" className="field__hint">
        {monthly ? t('donation.monthly.onHint') : t('donation.monthly.offHint')}
      </p>
    </div>
  );
}
