import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { CAUSE_ORDERINGS, type CauseOrdering } from '../../../../shared/cause-list';
import { ORDERING_LABELS } from '../lib/cause-words';
import type { CategoryRef, Cause } from '../../../../shared/contract/causes';
import { PageShell } from '../../../components/layout/page-shell';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { useT } from '../../../lib/i18n';
import { useCartCount } from '../../../components/notifications-badge/use-cart-count';
import { listCategories } from '../api/causes-api';
import { loadCauseList, type LoadedCauses } from '../lib/load-causes';
import type { CauseListSearch } from '../lib/list-search';
import { CauseCard } from './cause-card';
import { CartIcon, UserIcon } from './icons';
import { OfflineCausesNotice } from './offline-notice';
import { ResponsiveImage } from '../../../components/responsive-image';
import '../causes.css';

export const SEARCH_DEBOUNCE_MS = 300;

function SampleCard({ cause }: { cause: Cause }) {
  const t = useT();
  return (
    <article className="cause-card cause-card--sample">
      <ResponsiveImage className="cause-card__image" src={null} width={480} height={270} />
      <div className="cause-card__body">
        <p className="cause-card__category">{t('causes.list.sample')}</p>
        <h3 className="cause-card__title">{cause.title}</h3>
        <p className="cause-card__description">{cause.description}</p>
      </div>
    </article>
  );
}

function CardSkeleton() {
  return (
    <div className="cause-card skeleton" aria-hidden="true">
      <div className="skeleton__block" />
      <div className="cause-card__body">
        <div className="skeleton__line skeleton__line--title" />
        <div className="skeleton__line" />
        <div className="skeleton__line skeleton__line--short" />
      </div>
    </div>
  );
}

export interface CauseListPageProps {
  search: CauseListSearch;
  /** Replaces URL search params (merged); the route wires it to navigate(). */
  onSearchChange: (next: CauseListSearch, options?: { replace?: boolean }) => void;
}

/** Spec §2 /causelistpage: search, sort, category, two-column grid, Previous/Next, offline from the mirror. */
export function CauseListPage({ search, onSearchChange }: CauseListPageProps) {
  const t = useT();
  useDocumentTitle(t('causes.list.title'));
  const online = useOnline();
  const cartCount = useCartCount();
  const page = search.page ?? 1;
  const ordering: CauseOrdering = search.sort ?? 'date_created';
  const query = search.q ?? '';

  const [text, setText] = useState(query);
  const [state, setState] = useState<LoadedCauses | null>(null);
  const [loading, setLoading] = useState(true);
  const [categories, setCategories] = useState<CategoryRef[]>([]);
  const lastQuery = useRef(query);

  // Keep the box in step with the URL (back/forward), without fighting the user's typing.
  useEffect(() => {
    if (query !== lastQuery.current) {
      lastQuery.current = query;
      setText(query);
    }
  }, [query]);

  // Debounced server search: typing settles, then the URL (and so the list) changes.
  useEffect(() => {
    if (text === query) return;
    const timer = setTimeout(() => {
      lastQuery.current = text;
      onSearchChange({ ...search, q: text.trim() ? text : undefined, page: undefined }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    listCategories().then(setCategories, () => setCategories([]));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadCauseList({ page, search: query, ordering, category: search.category }, { signal: controller.signal, online }).then(
      (loaded) => {
        setState(loaded);
        setLoading(false);
      },
      () => {}, // aborted: a newer request owns the screen
    );
    return () => controller.abort();
  }, [page, query, ordering, search.category, online]);

  const results = state?.page.results ?? [];
  const half = Math.ceil(results.length / 2);
  const columns = [results.slice(0, half), results.slice(half)];
  const isSample = state?.source === 'sample';

  return (
    <PageShell className="container page cause-list">
      <div className="cause-list__top">
        <h1>{t('causes.list.title')}</h1>
        <div className="cause-list__icons">
          <Link to="/cartpage" className="icon-link" aria-label={t('causes.list.cartLink', { count: cartCount })}>
            <CartIcon />
            <span className="badge" aria-hidden="true">
              {cartCount}
            </span>
          </Link>
          <Link to="/profilepage" className="icon-link" aria-label={t('causes.list.profileLink')}>
            <UserIcon />
          </Link>
        </div>
      </div>

      <form className="cause-list__controls" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="cause-search">{t('causes.list.searchLabel')}</label>
          <input
            id="cause-search"
            type="search"
            placeholder={t('causes.list.searchLabel')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="cause-sort">{t('causes.list.sortLabel')}</label>
          <select
            id="cause-sort"
            value={ordering}
            onChange={(e) =>
              onSearchChange({
                ...search,
                sort: e.target.value === 'date_created' ? undefined : (e.target.value as CauseOrdering),
                page: undefined,
              })
            }
          >
            {CAUSE_ORDERINGS.map((key) => (
              <option key={key} value={key}>
                {t(ORDERING_LABELS[key])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="cause-category">{t('causes.list.categoryLabel')}</label>
          <select
            id="cause-category"
            value={search.category ?? ''}
            onChange={(e) => onSearchChange({ ...search, category: e.target.value || undefined, page: undefined })}
          >
            <option value="">{t('causes.list.allCategories')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </form>

      {state?.source === 'saved' && <OfflineCausesNotice />}
      {isSample && (
        <p className="notice" role="status">
          {t('causes.list.sampleNotice')}
        </p>
      )}

      {/* Cards use h3 titles; this keeps the heading outline in order for screen readers. */}
      <h2 className="visually-hidden">{t('common.causeCount', { count: state?.page.count ?? 0 })}</h2>
      <div aria-live="polite" aria-busy={loading}>
        {loading && !state ? (
          <div className="cause-grid">
            <div className="cause-grid__column">
              <CardSkeleton />
              <CardSkeleton />
            </div>
            <div className="cause-grid__column">
              <CardSkeleton />
              <CardSkeleton />
            </div>
          </div>
        ) : results.length === 0 ? (
          <p className="empty">{query ? t('causes.list.noResults', { query }) : t('causes.list.empty')}</p>
        ) : (
          <div className="cause-grid">
            {columns.map((column, i) => (
              <ul key={i} className="cause-grid__column">
                {column.map((cause) => (
                  <li key={cause.id}>{isSample ? <SampleCard cause={cause} /> : <CauseCard cause={cause} />}</li>
                ))}
              </ul>
            ))}
          </div>
        )}
      </div>

      <nav className="pager" aria-label={t('causes.list.pagerLabel')}>
        <button
          type="button"
          className="button button--secondary"
          disabled={page <= 1 || loading}
          onClick={() => onSearchChange({ ...search, page: page - 1 > 1 ? page - 1 : undefined })}
        >
          {t('shell.pager.previous')}
        </button>
        <span>{t('shell.pager.page', { page })}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={!state?.page.next || loading}
          onClick={() => onSearchChange({ ...search, page: page + 1 })}
        >
          {t('shell.pager.next')}
        </button>
      </nav>
    </PageShell>
  );
}
