import type { ParsedLocation } from '@tanstack/react-router';
import { requireSignedIn } from '../../lib/guards';

/** ?id=<user id> opens someone's public profile; without it the page is your own. */
export function validateProfileSearch(search: Record<string, unknown>): { id?: string } {
  const id = typeof search.id === 'string' ? search.id.trim() : '';
  return /^[0-9A-Za-z-]{1,64}$/.test(id) ? { id } : {};
}

/** Your own profile needs a session; someone's public profile (?id=) does not. */
export function requireSignedInUnlessId(ctx: { location: ParsedLocation; search: { id?: string } }): void {
  if (!ctx.search.id) requireSignedIn(ctx);
}
