import type { Cause } from './contract/causes';

/**
 * How a cause's fields are shown, the same in the web app and in the server's first-load pages
 * (src/server/pages/snapshots.ts), so the static first screen matches what React draws.
 */

/** The category's display name (the API may send an object with name or a plain string). */
export function categoryName(category: Cause['category'] | string | null | undefined): string {
  if (!category) return '';
  return typeof category === 'string' ? category : category.name;
}

/** A WebP size map ("320" or "320w" → path) as [width, path] pairs, narrowest first; other keys are ignored. */
export function imageWidths(sizes: Record<string, string> | null | undefined): [number, string][] {
  if (!sizes) return [];
  return Object.entries(sizes)
    .map(([key, url]): [number | null, string] => {
      const match = /^(\d+)w?$/.exec(key.trim());
      return [match ? Number(match[1]) : null, url];
    })
    .filter((e): e is [number, string] => e[0] !== null && typeof e[1] === 'string')
    .sort((a, b) => a[0] - b[0]);
}

/** Why Donate is disabled: the cause's state, which each screen words in its reader's language. */
export type DonationBlock = 'under_review' | 'rejected' | 'completed' | 'closed' | 'paused';

/** Why a cause takes no donations (null when it does). */
export function donationBlock(cause: Pick<Cause, 'accepts_donations' | 'status'>): DonationBlock | null {
  if (cause.accepts_donations) return null;
  switch (cause.status) {
    case 'under_review':
    case 'rejected':
    case 'completed':
    case 'closed':
      return cause.status;
    default:
      return 'paused';
  }
}
