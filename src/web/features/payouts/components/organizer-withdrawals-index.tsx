import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { formatGhs } from '../../../../shared/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { session } from '../../../stores/session-store';
import { listCauses } from '../../causes/api/causes-api';
import '../payouts.css';

/** /withdrawals: the organizer's causes, each leading to its withdrawals page. */
export function OrganizerWithdrawalsIndex() {
  useDocumentTitle('Your withdrawals');
  const { user_id } = useSnapshot(session);
  const { data, failed } = useLoad(
    (signal) =>
      listCauses({ organizer_id: user_id!, page_size: 50 }, { signal }).then((page) =>
        page.results.filter((c) => c.organizer_id === user_id),
      ),
    [user_id],
    { enabled: Boolean(user_id) },
  );
  const causes = data ?? (failed ? [] : null);

  return (
    <div className="payout-page">
      <h1>Your withdrawals</h1>
      <p className="lead">Choose a cause to see its balance, request a withdrawal and follow its payouts.</p>
      <section className="panel" aria-labelledby="your-causes-title">
        <h2 id="your-causes-title">Your causes</h2>
        {causes === null ? (
          <div className="skeleton" role="status">
            <span className="visually-hidden">Loading your causes…</span>
            <div className="skeleton__line" />
            <div className="skeleton__line skeleton__line--short" />
          </div>
        ) : causes.length === 0 ? (
          <p className="panel__empty">
            {failed ? (
              'Could not load your causes. Check your connection and try again.'
            ) : (
              <>
                You have no causes yet. <Link to="/causes/create">Create a cause</Link>
              </>
            )}
          </p>
        ) : (
          <ul className="item-list">
            {causes.map((cause) => (
              <li key={cause.id}>
                <Link to="/causes/$id/withdrawals" params={{ id: cause.id }} className="item-list__title">
                  {cause.title || cause.name}
                </Link>
                <span className="item-list__meta">{formatGhs(cause.current_amount)} raised</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
