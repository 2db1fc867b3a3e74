/**
 * useLoad, the one hook screens read the server with: an answer for old deps never lands, unmounting
 * aborts, a failure sets `failed` and reload() tries again.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from '../../src/web/lib/use-load';

/** A fetcher whose answers the test gives by hand, remembering each call's signal. */
function scripted<T>() {
  const calls: { signal: AbortSignal; resolve(value: T): void; reject(error: unknown): void }[] = [];
  const fetcher = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return { calls, fetcher };
}

describe('useLoad', () => {
  it('aborts the load of old deps and shows only the newest answer', async () => {
    const { calls, fetcher } = scripted<string>();
    const { result, rerender } = renderHook(({ id }) => useLoad((signal) => fetcher(signal), [id]), { initialProps: { id: 'a' } });
    expect(result.current).toMatchObject({ data: undefined, loading: true, failed: false });
    rerender({ id: 'b' });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    await act(async () => calls[0]!.resolve('old'));
    expect(result.current.data).toBeUndefined();
    await act(async () => calls[1]!.resolve('new'));
    expect(result.current).toMatchObject({ data: 'new', loading: false, failed: false });
  });

  it('aborts on unmount, and an aborted load never reports a failure', async () => {
    const { calls, fetcher } = scripted<string>();
    const { result, unmount } = renderHook(() => useLoad(fetcher, []));
    const seen = result.current;
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
    await act(async () => calls[0]!.reject(new DOMException('aborted', 'AbortError')));
    expect(seen.failed).toBe(false);
    expect(result.current.failed).toBe(false);
  });

  it('sets failed on an error and loads again on reload()', async () => {
    const { calls, fetcher } = scripted<number>();
    const { result } = renderHook(() => useLoad(fetcher, []));
    await act(async () => calls[0]!.reject(new Error('503')));
    expect(result.current).toMatchObject({ data: undefined, loading: false, failed: true });
    act(() => result.current.reload());
    expect(calls).toHaveLength(2);
    expect(result.current).toMatchObject({ loading: true, failed: false });
    await act(async () => calls[1]!.resolve(7));
    await waitFor(() => expect(result.current).toMatchObject({ data: 7, loading: false, failed: false }));
  });

  it('keeps what is shown during a reload with keep, and does not load while disabled', async () => {
    const { calls, fetcher } = scripted<number>();
    const { result, rerender } = renderHook(({ on }) => useLoad(fetcher, [], { enabled: on, keep: true }), {
      initialProps: { on: false },
    });
    expect(calls).toHaveLength(0);
    expect(result.current.loading).toBe(false);
    rerender({ on: true });
    await act(async () => calls[0]!.resolve(1));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ data: 1, loading: true });
    await act(async () => calls[1]!.reject(new Error('offline')));
    expect(result.current).toMatchObject({ data: 1, loading: false, failed: true });
  });
});
