import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Paginated } from '../../../shared/contract/common';
import type { WebMessageId } from '../../../shared/i18n/message-ids.gen';
import { useT } from '../../lib/i18n';
import { useLoad } from '../../lib/use-load';
import { LinesSkeleton } from '../lines-skeleton';
import { Pager } from '../pager';
import './admin-list.css';

/** A tab's words, as message ids. */
export interface ListTab<S extends string> {
  status: S;
  label: WebMessageId;
  /** The panel's heading and the list's name ("Flagged payments"). */
  title: WebMessageId;
  /** What the tab says when it has nothing. */
  empty: WebMessageId;
}

interface TabbedListProps<T, S extends string> {
  tabs: ListTab<S>[];
  /** For the tab and panel ids ("pay" → pay-tab-flagged, pay-panel). */
  idPrefix: string;
  /** The tablist's name ("Payment reviews"). */
  label: string;
  /** Read while a tab's first page loads ("Loading payments…"). */
  loadingLabel: string;
  /** Said when a tab's first page could not load. */
  failedText: string;
  /** The pager's name ("Pages of payments"). */
  pagesLabel: string;
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
  const { tabs, idPrefix, load, version } = props;
  const t = useT();
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

  const current = tabs.find((item) => item.status === tab)!;
  // Until a tab's first answer: the skeleton; a failure leaves what was shown, or says so.
  const items = data ? data.results : failed ? [] : null;
  const count = data ? data.count : null;

  return (
    <>
      <div className="admin-tabs" role="tablist" aria-label={props.label}>
        {tabs.map((item, index) => (
          <button
            key={item.status}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${item.status}`}
            aria-selected={item.status === tab}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={item.status === tab ? 0 : -1}
            className="admin-tab"
            onClick={() => choose(item.status)}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            {t(item.label)}
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
          {t(current.title)}
          {count !== null && count > 0 ? ` (${count})` : ''}
        </h2>
        {items === null ? (
          <LinesSkeleton label={props.loadingLabel} />
        ) : items.length === 0 ? (
          <p className="panel__empty">{failed ? props.failedText : t(current.empty)}</p>
        ) : (
          <ul className={props.listClassName} aria-label={t(current.title)}>
            {items.map((item) => props.children(item))}
          </ul>
        )}
        {items !== null ? <Pager label={props.pagesLabel} page={page} hasNext={Boolean(data?.next)} onPage={setPage} /> : null}
      </section>
    </>
  );
}
