import { useSnapshot } from 'valtio';
import { session } from '../../../stores/session-store';

/**
 * "Give monthly": the same gift charged every month until cancelled from Donation history. Only
 * for signed-in donors — a monthly gift needs an account to be seen and cancelled from — so guests
 * are told to sign in instead of being offered a box the server would refuse.
 */
export function GiveMonthlyField({ monthly, setMonthly }: { monthly: boolean; setMonthly: (monthly: boolean) => void }) {
  const { access } = useSnapshot(session);
  if (!access) {
    return <p className="field__hint give-monthly__guest">Sign in to make this a monthly gift.</p>;
  }
  return (
    <div className="field give-monthly">
      <label className="checkbox">
        <input type="checkbox" checked={monthly} onChange={(e) => setMonthly(e.target.checked)} aria-describedby="give-monthly-hint" />
        Give monthly
      </label>
      <p id="give-monthly-hint" className="field__hint">
        {monthly
          ? 'This amount is given again every month. You can cancel any time from Donation history.'
          : 'Repeat this gift every month; cancel any time.'}
      </p>
    </div>
  );
}
