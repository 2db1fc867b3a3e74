import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { DashboardSummary } from '../../../../shared/contract/account';
import type { DonationRecord } from '../../../../shared/contract/donations';
import type { Cause } from '../../../../shared/contract/causes';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhs } from '../../../../shared/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad, type Load } from '../../../lib/use-load';
import { session } from '../../../stores/session-store';
import { setUnreadCount } from '../../../components/notifications-badge/unread-count';
import { accountState, displayName, setCausesCreated } from '../account-store';
import { getDashboardSummary, listOwnCauses, listPopularCauses, listRecentDonations } from '../api/dashboard-api';
import { monthLabel } from '../../../lib/month-label';
import { DashboardLayout } from './dashboard-layout';
import { StatusBadge } from './status-badge';
import { useLocale, useT } from '../../../lib/i18n';

/** undefined while the first load runs. */
type Loaded<T> = T | undefined;

/** Failures are silent (spec §8): what was shown stays, else the empty fallback. */
function silent<T, F>(load: Pick<Load<T>, 'data' | 'failed'>, fallback: F): Loaded<T | F> {
  return load.data ?? (load.failed ? fallback : undefined);
}

function categoryText(category: Cause['category'] | string | null | undefined): string {
  if (!category) return '';
  return typeof category === 'string' ? category : category.name;
}

function matches(query: string, ...fields: (string | null | undefined)[]): boolean {
  const q = query.trim().toLowerCase();
  return !q || fields.some((f) => (f ?? '').toLowerCase().includes(q));
}

function SkeletonRows({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div className="skeleton skeleton-rows" role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__line" />
      ))}
    </div>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const navigate = useNavigate();
  const id = useId();
  const t = useT();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const q = value.trim();
    // Enter searches every cause; typing filters this page's lists at once.
    void navigate({ href: q ? `/causelistpage?search=${encodeURIComponent(q)}` : '/causelistpage' });
  }
  return (
    <form role="search" className="search-box" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        {t('dashboard.search.label')}
      </label>
      <input
        id={id}
        type="search"
        placeholder={t('dashboard.search.placeholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="visually-hidden">
        {t('dashboard.search.hint')}
      </span>
      <button type="submit" className="button button--secondary button--small">
        {t('dashboard.search.button')}
      </button>
    </form>
  );
}

function MonthFigures({
  summary,
  loading,
  onMonth,
}: {
  summary: Loaded<DashboardSummary | null>;
  loading: boolean;
  onMonth: (m: string) => void;
}) {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  if (summary === undefined) return <SkeletonRows rows={2} label={t('dashboard.month.loading')} />;
  if (summary === null) return null;
  const label = monthLabel(summary.month, locale);
  return (
    <section aria-labelledby={`${id}-h`} aria-busy={loading}>
      <div className="dash-welcome">
        <h2 id={`${id}-h`} className="visually-hidden">
          {t('dashboard.month.heading')}
        </h2>
        <div className="select-field">
          <label htmlFor={`${id}-month`}>{t('dashboard.month.label')}</label>
          <select id={`${id}-month`} value={summary.month} onChange={(e) => onMonth(e.target.value)}>
            {summary.months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m, locale)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="stat-grid">
        <div className="stat-card">
          <p className="stat-card__label">{t('dashboard.month.donated', { month: label })}</p>
          <p className="stat-card__value">{formatGhs(summary.donated_in_month)}</p>
        </div>
        <div className="stat-card">
          <p className="stat-card__label">{t('dashboard.month.donations', { month: label })}</p>
          <p className="stat-card__value">{summary.donations_in_month}</p>
        </div>
        <div className="stat-card">
          <p className="stat-card__label">{t('dashboard.month.raised', { month: label })}</p>
          <p className="stat-card__value">{formatGhs(summary.raised_in_month)}</p>
        </div>
        <div className="stat-card">
          <p className="stat-card__label">{t('dashboard.month.yourCauses')}</p>
          <p className="stat-card__value">
            {summary.causes.total}
            <span className="visually-hidden">.</span>
          </p>
          <p className="stat-card__label">
            {t('dashboard.month.causeStates', { active: summary.causes.active, underReview: summary.causes.under_review })}
          </p>
        </div>
      </div>
    </section>
  );
}

function OwnCauses({ causes, query }: { causes: Loaded<Cause[]>; query: string }) {
  const t = useT();
  const shown = (causes ?? []).filter((c) => matches(query, c.name ?? c.title, c.description));
  return (
    <section className="panel" aria-labelledby="dash-own-causes">
      <h2 id="dash-own-causes">{t('dashboard.ownCauses.title')}</h2>
      {causes === undefined ? (
        <SkeletonRows label={t('dashboard.ownCauses.loading')} />
      ) : causes.length === 0 ? (
        <p className="panel__empty">
          {t('dashboard.ownCauses.empty')} <Link to="/causes/create">{t('dashboard.ownCauses.createFirst')}</Link>
        </p>
      ) : shown.length === 0 ? (
        <p className="panel__empty">{t('dashboard.ownCauses.noMatch', { query })}</p>
      ) : (
        <ul className="item-list">
          {shown.map((cause) => (
            <li key={cause.id}>
              <span>
                <Link to="/causes/$id" params={{ id: cause.id }} className="item-list__title">
                  {cause.name || cause.title}
                </Link>
                <br />
                <span className="item-list__meta">
                  {t('dashboard.ownCauses.raised', { raised: formatGhs(cause.current_amount), target: formatGhs(cause.target_amount) })}
                </span>
              </span>
              <StatusBadge status={cause.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecentDonations({ donations, query }: { donations: Loaded<DonationRecord[]>; query: string }) {
  const t = useT();
  const locale = useLocale();
  const shown = (donations ?? []).filter((d) => matches(query, d.cause_title, d.amount));
  return (
    <section className="panel" aria-labelledby="dash-donations">
      <h2 id="dash-donations">{t('dashboard.donations.title')}</h2>
      {donations === undefined ? (
        <SkeletonRows label={t('dashboard.donations.loading')} />
      ) : donations.length === 0 ? (
        <p className="panel__empty">
          {t('dashboard.donations.empty')} <Link to="/causelistpage">{t('dashboard.donations.findCause')}</Link>
        </p>
      ) : shown.length === 0 ? (
        <p className="panel__empty">{t('dashboard.donations.noMatch', { query })}</p>
      ) : (
        <ul className="item-list">
          {shown.map((d) => (
            <li key={d.id}>
              <span>
                <span className="item-list__title">{d.cause_title || d.cause_id.slice(0, 8)}</span>
                <br />
                <span className="item-list__meta">{formatDateTime(d.donated_at, locale)}</span>
              </span>
              <span className="amount">{formatGhs(d.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/donationhistory">{t('dashboard.donations.seeAll')}</Link>
      </p>
    </section>
  );
}

function PopularCauses({ causes, query }: { causes: Loaded<Cause[]>; query: string }) {
  const t = useT();
  const locale = useLocale();
  const shown = (causes ?? []).filter((c) => matches(query, c.name ?? c.title, c.location, categoryText(c.category)));
  return (
    <section className="panel" aria-labelledby="dash-popular">
      <h2 id="dash-popular">{t('dashboard.popular.title')}</h2>
      {causes === undefined ? (
        <SkeletonRows rows={6} label={t('dashboard.popular.loading')} />
      ) : shown.length === 0 ? (
        <p className="panel__empty">{t('dashboard.popular.empty')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('dashboard.popular.table')}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.popular.causeName')}</th>
                <th scope="col">{t('dashboard.popular.location')}</th>
                <th scope="col">{t('dashboard.popular.dateTime')}</th>
                <th scope="col">{t('dashboard.popular.category')}</th>
                <th scope="col" className="num">
                  {t('dashboard.popular.amountRaised')}
                </th>
                <th scope="col">{t('dashboard.popular.status')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((cause) => (
                <tr key={cause.id}>
                  <td>
                    <Link to="/causes/$id" params={{ id: cause.id }}>
                      {cause.name || cause.title}
                    </Link>
                  </td>
                  <td>{cause.location || '—'}</td>
                  <td>{formatDateTime(cause.created_at, locale)}</td>
                  <td>{categoryText(cause.category) || '—'}</td>
                  <td className="num">{formatGhs(cause.current_amount)}</td>
                  <td>
                    <StatusBadge status={cause.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Spec §2 /dashboard with real data: name, role, badges, own causes, donations, popular causes and month figures. */
export function DashboardPage() {
  const t = useT();
  useDocumentTitle(t('common.nav.dashboard'));
  const { user_id, name, email } = useSnapshot(session);
  const { profile } = useSnapshot(accountState);
  const [query, setQuery] = useState('');
  const [month, setMonth] = useState<string | null>(null);
  // Another month keeps the shown figures until its own arrive.
  const summaryLoad = useLoad(
    (signal) =>
      getDashboardSummary(month, signal).then((data) => {
        setUnreadCount(data.unread_notifications);
        setCausesCreated(data.causes.total);
        return data;
      }),
    [month],
    { keep: true },
  );
  const summary = silent(summaryLoad, null);
  const summaryLoading = summaryLoad.loading;
  const ownCauses = silent(
    useLoad((signal) => (user_id ? listOwnCauses(user_id, signal) : Promise.resolve([])), [user_id], { keep: true }),
    [],
  );
  const donations = silent(useLoad(listRecentDonations, []), []);
  const popular = silent(useLoad(listPopularCauses, []), []);
  const firstName = useMemo(() => profile?.first_name || displayName(profile, name, email).split(' ')[0], [profile, name, email]);

  return (
    <DashboardLayout search={<SearchBox value={query} onChange={setQuery} />}>
      <section className="dash-welcome" aria-labelledby="dash-title">
        <div>
          <h1 id="dash-title">{t('dashboard.page.welcome', { name: firstName })}</h1>
          <p className="lead">{t('dashboard.page.lead')}</p>
        </div>
        <p className="button-row">
          <Link to="/causes/create" className="button button--primary">
            {t('dashboard.page.startCause')}
          </Link>
          <Link to="/causelistpage" className="button button--secondary">
            {t('common.nav.donate')}
          </Link>
        </p>
      </section>
      <MonthFigures summary={summary} loading={summaryLoading} onMonth={setMonth} />
      <div className="dash-grid">
        <OwnCauses causes={ownCauses} query={query} />
        <RecentDonations donations={donations} query={query} />
      </div>
      <PopularCauses causes={popular} query={query} />
    </DashboardLayout>
  );
}
