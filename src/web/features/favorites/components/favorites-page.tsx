import { useEffect, useId, useMemo, useState } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import { t as translate, useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { toast } from '../../../stores/toast-store';
import { CauseCard } from '../../causes/components/cause-card';
import { listFavorites, removeFavorite } from '../api/favorites-api';
import '../favorites.css';

const SEARCH_DELAY_MS = 300;

function matches(cause: Cause, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const category = cause.category ? (typeof cause.category === 'string' ? cause.category : cause.category.name) : '';
  return [cause.name, cause.title, cause.description, category, cause.location].some((f) => (f ?? '').toLowerCase().includes(q));
}

/** Spec §2 /desktoppage 'Your Favorites': the real favorites, searchable (server + instant local filter), removable. */
export function FavoritesPage() {
  const t = useT();
  useDocumentTitle(t('favorites.title'));
  const id = useId();
  const [query, setQuery] = useState('');
  const [serverQuery, setServerQuery] = useState('');
  const [items, setItems] = useState<Cause[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  // Typing filters what is shown at once; the server search follows after a pause.
  useEffect(() => {
    const timer = setTimeout(() => setServerQuery(query.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    const controller = new AbortController();
    listFavorites({ page: 1, search: serverQuery }, controller.signal)
      .then((data) => {
        setItems(data.results);
        setPage(1);
        setHasMore(Boolean(data.next));
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setItems((current) => current ?? []);
        toast.error(translate('favorites.loadFailed'));
      });
    return () => controller.abort();
  }, [serverQuery]);

  async function loadMore() {
    setLoadingMore(true);
    try {
      const data = await listFavorites({ page: page + 1, search: serverQuery });
      setItems((current) => {
        const seen = new Set((current ?? []).map((c) => c.id));
        return [...(current ?? []), ...data.results.filter((c) => !seen.has(c.id))];
      });
      setPage(page + 1);
      setHasMore(Boolean(data.next));
    } catch {
      toast.error(t('favorites.loadFailed'));
    } finally {
      setLoadingMore(false);
    }
  }

  async function remove(cause: Cause) {
    setRemoving(cause.id);
    const before = items;
    setItems((current) => (current ?? []).filter((c) => c.id !== cause.id));
    try {
      await removeFavorite(cause.id);
      toast.success(t('favorites.removed'));
    } catch {
      setItems(before);
      toast.error(t('favorites.removeFailed'));
    } finally {
      setRemoving(null);
    }
  }

  const shown = useMemo(() => (items ?? []).filter((c) => matches(c, query)), [items, query]);
  const trimmed = query.trim();

  return (
    <div className="favorites">
      <h1>{t('favorites.title')}</h1>
      <form
        role="search"
        className="search-box favorites__search"
        onSubmit={(e) => {
          e.preventDefault();
          setServerQuery(query.trim());
        }}
      >
        <label htmlFor={`${id}-search`}>{t('favorites.searchLabel')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('favorites.searchPlaceholder')}
        />
      </form>
      {items === null ? (
        <div className="skeleton" role="status">
          <span className="visually-hidden">{t('favorites.loading')}</span>
          <div className="skeleton__block" />
        </div>
      ) : shown.length === 0 ? (
        <p className="favorites__empty" role="status">
          {trimmed ? t('favorites.noResults', { query: trimmed }) : t('favorites.empty')}
        </p>
      ) : (
        <ul className="favorites__grid">
          {shown.map((cause) => (
            <li key={cause.id} className="favorites__item">
              <CauseCard cause={cause} headingLevel={2} />
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={removing === cause.id}
                aria-label={t('favorites.removeLabel', { title: cause.title || cause.name })}
                onClick={() => void remove(cause)}
              >
                {t('favorites.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {hasMore && items !== null ? (
        <p>
          <button type="button" className="button button--secondary" disabled={loadingMore} onClick={() => void loadMore()}>
            {loadingMore ? t('shell.loadMore.loading') : t('shell.loadMore.button')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
