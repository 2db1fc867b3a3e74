import { useEffect, useId, useState } from 'react';
import { formatDate } from '../../../../shared/dates';
import { useLoad } from '../../../lib/use-load';
import { listUsers } from '../api/admin-api';
import { Pager } from '../../../components/pager';
import { useLocale, useT } from '../../../lib/i18n';

const SEARCH_DELAY_MS = 300;

/** Paginated, searchable list of accounts (GET /api/admin/users/). */
export function UsersList() {
  const id = useId();
  const t = useT();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // A new page or search keeps the shown users until its answer; a failure keeps them too.
  const { data, failed } = useLoad((signal) => listUsers({ page, search }, signal), [page, search], { keep: true });
  const users = data?.results ?? (failed ? [] : null);
  const count = data?.count ?? 0;
  const hasNext = Boolean(data?.next);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(query.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('admin.users.title')}</h2>
      <form
        role="search"
        className="search-box users__search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(query.trim());
          setPage(1);
        }}
      >
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t('admin.users.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder={t('admin.users.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      {users === null ? (
        <div className="skeleton" role="status">
          <span className="visually-hidden">{t('admin.users.loading')}</span>
          <div className="skeleton__line" />
          <div className="skeleton__line" />
        </div>
      ) : users.length === 0 ? (
        <p className="panel__empty">
          {failed ? t('admin.users.failed') : search ? t('admin.users.noResults', { search }) : t('admin.users.empty')}
        </p>
      ) : (
        <div className="table-wrap" role="region" aria-label={t('admin.users.table')} tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.users.name')}</th>
                <th scope="col">{t('admin.users.email')}</th>
                <th scope="col">{t('admin.users.role')}</th>
                <th scope="col">{t('admin.users.joined')}</th>
                <th scope="col" className="num">
                  {t('admin.users.causes')}
                </th>
                <th scope="col" className="num">
                  {t('admin.users.donations')}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id}>
                  <td>{u.name || '—'}</td>
                  <td>{u.email}</td>
                  <td>{u.role === 'admin' ? t('admin.users.roleAdmin') : t('admin.users.roleUser')}</td>
                  <td>{formatDate(u.created_at, locale)}</td>
                  <td className="num">{u.causes_count}</td>
                  <td className="num">{u.donations_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users !== null ? (
        <Pager label={t('admin.users.pages')} page={page} hasNext={hasNext} onPage={setPage} note={t('admin.users.count', { count })} />
      ) : null}
    </section>
  );
}
