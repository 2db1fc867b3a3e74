import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Paginated } from '../../../shared/contract/common';
import { useLoad } from '../../lib/use-load';
import { LinesSkeleton } from '../lines-skeleton';
import { Pager } from '../pager';
import './admin-list.css';

export interface ListTab<S extends string> {
  status: S;
  label: string;
  /** What the tab says when it has nothing. */
  empty: string;
}

interface TabbedListProps<T, S extends string> {
  tabs: ListTab<S>[];
  /** For the tab and panel ids ("pay" → pay-tab-flagged, pay-panel). */
  idPrefix: string;
  /** The tablist's name ("Payment reviews"). */
  label: string;
  /** What the items are, plural ("payments"): headings, the list's name, loading and failure text. */
  noun: string;
  listClassName: string;
  load: (status: S, page: number, signal: AbortSignal) => Promise<Paginated<T>>;
  /** Changed by the page after an action, to read the current page again. */
  version: number;
  children: (item: T) => ReactNode;
}

/** Next tab for the arrow, Home and End keys (ARIA tabs pattern), or null for any other key. */
function nextTab(key: string, index: number, last: number): number | null {
  if (key === 'ArrowRight') return index === last ? 0 : index + 1;
  if (key === 'ArrowLeft') return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/**
 * The admin review lists (/adminpayments, /adminwithdrawals): one tab per status, a page at a time
 * with Previous/Next, keyboard tabs, and the count in the panel's heading. A page that empties
 * after an action steps back one page.
 */
export function TabbedList<T, S extends string>(props: TabbedListProps<T, S>) {
  const { tabs, idPrefix, noun, load, version } = props;
  const [tab, setTab] = useState<S>(tabs[0].status);
  const [page, setPage] = useState(1);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // A new tab shows the skeleton; another page or an action's reload keeps the list on screen meanwhile.
  const { data, failed, setData } = useLoad(
    (signal) =>
      load(tab, page, signal).then((answer) => {
        if (answer.results.length === 0 && page > 1) setPage(page - 1);
        return answer;
      }),
    [tab, page, version],
    { keep: true },
  );

  function choose(status: S) {
    if (status === tab) return;
    setTab(status);
    setPage(1);
    setData(undefined);
  }

  function onTabKey(event: KeyboardEvent, index: number) {
    const next = nextTab(event.key, index, tabs.length - 1);
    if (next === null) return;
    event.preventDefault();
    choose(tabs[next].status);
    tabRefs.current[next]?.focus();
  }

  const current = tabs.find((t) => t.status === tab)!;
  // Until a tab's first answer: the skeleton; a failure leaves what was shown, or says so.
  const items = data ? data.results : failed ? [] : null;
  const count = data ? data.count : null;

  return (
    <>
      <div className="admin-tabs" role="tablist" aria-label={props.label}>
        {tabs.map((t, index) => (
          <button
            key={t.status}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.status}`}
            aria-selected={t.status === tab}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={t.status === tab ? 0 : -1}
            className="admin-tab"
            onClick={() => choose(t.status)}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section
        id={`${idPrefix}-panel`}
        role="tabpanel"
        aria-labelledby={`${idPrefix}-tab-${tab}`}
        className="panel"
        aria-busy={items === null}
      >
        <h2>
          {current.label} {noun}
          {count !== null && count > 0 ? ` (${count})` : ''}
        </h2>
        {items === null ? (
          <LinesSkeleton label={`Loading ${noun}…`} />
        ) : items.length === 0 ? (
          <p className="panel__empty">{failed ? `Could not load the ${noun}. Check your connection and try again.` : current.empty}</p>
        ) : (
          <ul className={props.listClassName} aria-label={`${current.label} ${noun}`}>
            {items.map((item) => props.children(item))}
          </ul>
        )}
        {items !== null ? <Pager label={`Pages of ${noun}`} page={page} hasNext={Boolean(data?.next)} onPage={setPage} /> : null}
      </section>
    </>
  );
}
