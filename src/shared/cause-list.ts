/**
 * The cause list's sorts and page sizes (spec §9). Plain values, no imports: the contract schemas
 * (src/shared/contract), the server and the web app all read them from here.
 */

/** `ordering` values of GET /api/causes/list/ for the five sorts of spec §9 (the screens word them). */
export const CAUSE_ORDERINGS = ['date_created', 'popularity', 'created_by', 'category', 'goal_amount'] as const;
export type CauseOrdering = (typeof CAUSE_ORDERINGS)[number];

export function isCauseOrdering(value: unknown): value is CauseOrdering {
  return typeof value === 'string' && (CAUSE_ORDERINGS as readonly string[]).includes(value);
}

export const CAUSE_PAGE_SIZE = 12;
/** The largest `page_size` any list accepts. */
export const CAUSE_MAX_PAGE_SIZE = 50;
