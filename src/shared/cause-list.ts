/**
 * The cause list's sorts and page sizes (spec §9). Plain values, no imports: the contract schemas
 * (src/shared/contract), the server and the web app all read them from here.
 */

/** `ordering` values of GET /api/causes/list/ for the five sorts of spec §9. */
export const CAUSE_ORDERINGS = {
  date_created: 'Date created',
  popularity: 'Popularity',
  created_by: 'Created by',
  category: 'Category',
  goal_amount: 'Goal amount',
} as const;
export type CauseOrdering = keyof typeof CAUSE_ORDERINGS;

export const CAUSE_PAGE_SIZE = 12;
/** The largest `page_size` any list accepts. */
export const CAUSE_MAX_PAGE_SIZE = 50;
