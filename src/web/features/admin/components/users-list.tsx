import { useEffect, useId, useState } from 'react';
import { formatDate } from '../../../../shared/dates';
import { useLoad } from '../../../lib/use-load';
import { listUsers } from '../api/admin-api';
import { Pager } from '../../../components/pager';

const SEARCH_DELAY_MS = 300;

/** Paginated, searchable list of accounts (GET /api/admin/users/). */
export function UsersList() {
  const id = useId();
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
      <h2 id={`${id}-h`}>Users</h2>
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
          Search users
        </label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Search users by name or email"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      {users === null ? (
        <div className="skeleton" role="status">
          <span className="visually-hidden">Loading users…</span>
          <div className="skeleton__line" />
          <div className="skeleton__line" />
        </div>
      ) : users.length === 0 ? (
        <p className="panel__empty">{failed ? 'Could not load the users.' : search ? `No users found for "${search}"` : 'No users yet.'}</p>
      ) : (
        <div className="table-wrap" role="region" aria-label="Users table" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col" className="num">
                  Causes
                </th>
                <th scope="col" className="num">
                  Donations
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id}>
                  <td>{u.name || '—'}</td>
                  <td>{u.email}</td>
                  <td>{u.role === 'admin' ? 'Admin' : 'User'}</td>
                  <td>{formatDate(u.created_at)}</td>
                  <td className="num">{u.causes_count}</td>
                  <td className="num">{u.donations_count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users !== null ? <Pager label="Pages of users" page={page} hasNext={hasNext} onPage={setPage} note={`${count} users`} /> : null}
    </section>
  );
}
