import { useEffect, useState, type DependencyList, type Dispatch, type SetStateAction } from 'react';

export interface Load<T> {
  /** undefined until the first answer (and again when a change of deps starts a new load, unless `keep`). */
  data: T | undefined;
  loading: boolean;
  /** The last load failed (not an abort: a load that was replaced or unmounted never fails). */
  failed: boolean;
  /** Loads again with the same deps (a Try again button). */
  reload(): void;
  /** Changes what was loaded in place, after an action the screen made itself. */
  setData: Dispatch<SetStateAction<T | undefined>>;
}

/**
 * One read of the server for a screen: `fetcher` gets a signal that aborts when deps change, on reload
 * and on unmount, so an old answer never lands over a newer one. `enabled` false skips loading (nobody
 * signed in yet); `keep` leaves the shown data in place while a new load runs (a silent refresh).
 */
export function useLoad<T>(
  fetcher: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: { enabled?: boolean; keep?: boolean } = {},
): Load<T> {
  const { enabled = true, keep = false } = options;
  const [data, setData] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!keep) setData(undefined);
    setFailed(false);
    if (!enabled) {
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    fetcher(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setLoading(false);
      },
      () => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setLoading(false);
      },
    );
    return () => controller.abort();
    // The caller names what the fetcher reads in deps, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, enabled, attempt]);

  return { data, loading, failed, reload: () => setAttempt((n) => n + 1), setData };
}
