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

/** Why Donate is disabled, in words (null when the cause takes donations). */
export function donationBlockReason(cause: Pick<Cause, 'accepts_donations' | 'status'>): string | null {
  if (cause.accepts_donations) return null;
  switch (cause.status) {
    case 'under_review':
      return 'This cause is waiting for review and cannot take donations yet.';
    case 'rejected':
      return 'This cause was not approved, so it cannot take donations.';
    case 'completed':
      return 'This cause reached its goal and no longer takes donations.';
    case 'closed':
      return 'This cause is closed and no longer takes donations.';
    default:
      return 'This cause is not taking donations right now.';
  }
}
