import { useEffect, useState } from 'react';
import type { Paginated } from '../../shared/contract/common';

export interface Pages<T> {
  /** null while the first page loads. */
  items: T[] | null;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  more(): void;
  retry(): void;
  /** Changes the loaded items in place (a new update on top, a hidden message gone). */
  edit(change: (items: T[]) => T[]): void;
}

/**
 * A newest-first list read a page at a time with 'Load more'. `fallback` answers when the first
 * page cannot be fetched (offline: what the device kept); `enabled` false only uses the fallback;
 * `keepOnReload` keeps the items on screen while a change of `deps` reloads the first page (a list
 * the page refreshes after an action, rather than one that shows something else).
 */
export function usePages<T extends { id: string }>(
  load: (page: number, signal?: AbortSignal) => Promise<Paginated<T>>,
  deps: unknown[],
  options: { enabled: boolean; fallback?: () => Promise<T[]>; keepOnReload?: boolean },
): Pages<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const fallback = async () => {
      const kept = options.fallback ? await options.fallback() : null;
      if (controller.signal.aborted) return;
      if (kept && (kept.length > 0 || !options.enabled)) {
        setItems(kept);
        setHasMore(false);
      } else setFailed(true);
    };
    if (!options.keepOnReload) setItems(null);
    setFailed(false);
    if (!options.enabled) {
      void fallback();
      return () => controller.abort();
    }
    load(1, controller.signal)
      .then((data) => {
        setItems(data.results);
        setHasMore(Boolean(data.next));
        setPage(1);
      })
      .catch(() => {
        if (!controller.signal.aborted) void fallback();
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, options.enabled, attempt]);

  async function more() {
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const data = await load(page + 1);
      setItems((current) => [...(current ?? []), ...data.results.filter((r) => !(current ?? []).some((c) => c.id === r.id))]);
      setHasMore(Boolean(data.next));
      setPage(page + 1);
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  return {
    items,
    failed,
    hasMore,
    loadingMore,
    moreFailed,
    more: () => void more(),
    retry: () => setAttempt((n) => n + 1),
    edit: (change) => setItems((current) => (current ? change(current) : current)),
  };
}
