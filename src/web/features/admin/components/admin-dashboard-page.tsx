import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { AdminMetrics } from '../../../../shared/contract/admin';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { session } from '../../../stores/session-store';
import { getAdminMetrics } from '../api/admin-api';
import { monthLabel } from '../../../lib/month-label';
import { slot } from '../../../../shared/i18n/slots';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { MetricsSection } from './metrics-section';
import { UsersList } from './users-list';
import '../admin.css';

function PendingDonations({ items }: { items: AdminMetrics['pending_donations'] | undefined }) {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('admin.dashboard.pending')}</h2>
      {items === undefined ? (
        <div className="card-grid skeleton" role="status">
          <span className="visually-hidden">{t('admin.dashboard.loadingPending')}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton__block pending-card--skeleton" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="panel__empty">{t('admin.dashboard.noPending')}</p>
      ) : (
        <ul className="card-grid pending-cards">
          {items.map((d) => (
            <li key={d.id} className="pending-card">
              <p className="pending-card__amount">{formatGhs(d.amount)}</p>
              <p className="pending-card__title">
                <Link to="/causes/$id" params={{ id: d.cause_id }}>
                  {d.cause_title || d.cause_id.slice(0, 8)}
                </Link>
              </p>
              <p className="pending-card__meta">{d.email}</p>
              <p className="pending-card__meta">{formatDateTime(d.created_at, locale)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Totals({ metrics }: { metrics: AdminMetrics | undefined }) {
  const id = useId();
  const tr = useT();
  const locale = useLocale();
  const t = metrics?.totals;
  const cards: [string, string][] = t
    ? [
        [tr('admin.dashboard.totalRaised'), formatGhs(t.raised)],
        [tr('admin.dashboard.raisedIn', { month: monthLabel(metrics!.month, locale) }), formatGhs(t.raised_in_month)],
        [tr('admin.dashboard.donations'), String(t.donations)],
        [tr('admin.dashboard.donors'), String(t.donors)],
        [tr('admin.dashboard.users'), String(t.users)],
        [tr('admin.dashboard.activeCauses'), String(t.causes_active)],
        [tr('admin.dashboard.causesWaiting'), String(t.causes_pending)],
      ]
    : [];
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="visually-hidden">
        {tr('admin.dashboard.totals')}
      </h2>
      {t ? (
        <ul className="stat-grid admin-totals">
          {cards.map(([label, value]) => (
            <li key={label} className="stat-card">
              <p className="stat-card__label">{label}</p>
              <p className="stat-card__value">{value}</p>
            </li>
          ))}
        </ul>
      ) : (
        <div className="stat-grid skeleton" role="status">
          <span className="visually-hidden">{tr('admin.dashboard.loadingTotals')}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton__line skeleton__line--title" />
          ))}
        </div>
      )}
    </section>
  );
}

/** Spec §2 /admindashboard made real: welcome card, pending donations, totals, the metrics chart and the users. */
export function AdminDashboardPage() {
  const t = useT();
  useDocumentTitle(t('admin.dashboard.title'));
  const { name, email } = useSnapshot(session);
  const [month, setMonth] = useState<string | null>(null);
  // Another month keeps the shown figures until its own arrive.
  const { data: metrics, loading, failed } = useLoad((signal) => getAdminMetrics(month, signal), [month], { keep: true });

  return (
    <div className="admin-page">
      <section className="welcome-card" aria-labelledby="admin-welcome">
        <h1 id="admin-welcome">{t('admin.dashboard.welcome')}</h1>
        <p>
          {withElements(t('admin.dashboard.signedInAs', { name: slot('name') }), { name: <strong>{name || email}</strong> })}{' '}
          {metrics ? <>{t('admin.dashboard.waiting', { count: metrics.totals.causes_pending })} </> : null}
          <Link to="/causereviewpage">{t('admin.dashboard.review')}</Link>
        </p>
      </section>
      {failed && !metrics ? (
        <p className="form-error" role="alert">
          {t('admin.dashboard.failed')}
        </p>
      ) : null}
      <Totals metrics={metrics} />
      <PendingDonations items={metrics?.pending_donations ?? (failed ? [] : undefined)} />
      {metrics ? (
        <MetricsSection metrics={metrics} loading={loading} onMonth={setMonth} />
      ) : (
        <section className="panel" aria-label={t('admin.metrics.title')}>
          <div className="skeleton__block" role="status">
            <span className="visually-hidden">{t('admin.dashboard.loadingMetrics')}</span>
          </div>
        </section>
      )}
      <UsersList />
    </div>
  );
}
