import type { Cause } from '../../../../shared/contract/causes';
import type { Paginated } from '../../../../shared/contract/common';
import { getCause, listCauses, type ListCausesParams } from '../api/causes-api';
import { countMirroredCauses, getMirroredCause, queryMirror } from '../api/cause-mirror';
import { ApiError } from '../../../lib/api-client';
import { browserOnline } from '../../../lib/browser-online';
import { peekBootAnswer } from '../../../lib/boot-answers';
import { causeDetailsPath } from '../../../../shared/cause-paths';
import { SAMPLE_CAUSES } from './sample-causes';

/**
 * Where a screen's causes came from: the server, a copy saved on this device (the service worker's copy
 * of this very answer, or the mirror), or the built-in samples.
 */
export type CauseSource = 'network' | 'saved' | 'sample';

export interface LoadedCauses {
  page: Paginated<Cause>;
  source: CauseSource;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * One page of causes, offline-first: the server when reachable (the answer is mirrored); otherwise
 * the mirror (search, category and sorts applied on the device); the 8 samples only when the device
 * has nothing saved at all.
 *
 * Offline it still asks: the service worker answers from its copy of this very request, stored in the
 * worker's own event. The page's mirror write comes after the cards are drawn, so a reload right after a
 * first visit can cut it short, and reading only the mirror then showed the samples. A request the worker
 * has no copy of (a search, a sort, a signed-in read) fails at once offline, and the mirror answers.
 */
export async function loadCauseList(
  params: ListCausesParams,
  opts: { signal?: AbortSignal; online?: boolean } = {},
): Promise<LoadedCauses> {
  const online = opts.online ?? browserOnline();
  try {
    return { page: await listCauses(params, { signal: opts.signal }), source: online ? 'network' : 'saved' };
  } catch (error) {
    if (isAbort(error)) throw error;
    // Unreachable or failing server and no copy in the worker: fall through to the mirror.
  }
  // Both reads at once: offline, this is what stands between the donor and the first card.
  const [saved, page] = await Promise.all([countMirroredCauses().catch(() => 0), queryMirror(params).catch(() => null)]);
  if (saved > 0 && page) return { page, source: 'saved' };
  return { page: { count: SAMPLE_CAUSES.length, next: null, previous: null, results: SAMPLE_CAUSES }, source: 'sample' };
}

export type LoadedCause =
  { kind: 'found'; cause: Cause; source: Exclude<CauseSource, 'sample'> } | { kind: 'not-found' } | { kind: 'unavailable' };

/** A cause for the detail page: the server (offline: the worker's copy, as for the list), else the mirror (filled by list pages too). */
export async function loadCause(id: string, opts: { signal?: AbortSignal; online?: boolean } = {}): Promise<LoadedCause> {
  const online = opts.online ?? browserOnline();
  try {
    return { kind: 'found', cause: await getCause(id, { signal: opts.signal }), source: online ? 'network' : 'saved' };
  } catch (error) {
    if (isAbort(error)) throw error;
    if (error instanceof ApiError && error.status === 404) return { kind: 'not-found' };
  }
  const saved = await getMirroredCause(id).catch(() => null);
  return saved ? { kind: 'found', cause: saved, source: 'saved' } : { kind: 'unavailable' };
}

/** The cause as the server painted it into this page, if it did: the detail page's first frame. */
export function paintedCause(id: string): LoadedCause | null {
  const cause = peekBootAnswer(causeDetailsPath(id)) as Cause | undefined;
  return cause ? { kind: 'found', cause, source: 'network' } : null;
}
