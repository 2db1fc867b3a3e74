import { CAUSE_PAGE_SIZE, type CauseOrdering } from './cause-list';

/**
 * The cause reads' URLs, built in one place: the web app requests them and the server's first-load
 * pages answer them ahead of time (a boot answer is found by its exact path), so both sides must
 * spell a query the same way.
 */
export interface CauseListQuery {
  page?: number;
  page_size?: number;
  search?: string;
  category?: string;
  ordering?: CauseOrdering;
  organizer_id?: string;
}

export function causeListQuery(params: CauseListQuery): string {
  const query = new URLSearchParams();
  query.set('page', String(params.page ?? 1));
  query.set('page_size', String(params.page_size ?? CAUSE_PAGE_SIZE));
  if (params.search?.trim()) query.set('search', params.search.trim());
  if (params.category) query.set('category', params.category);
  if (params.ordering) query.set('ordering', params.ordering);
  if (params.organizer_id) query.set('organizer_id', params.organizer_id);
  return query.toString();
}

export const causeListPath = (params: CauseListQuery): string => `/api/causes/list/?${causeListQuery(params)}`;

export const causeDetailsPath = (id: string): string => `/api/causes/details/${encodeURIComponent(id)}/`;

export const CATEGORIES_PATH = '/api/categories/';

/** What /causelistpage asks first when opened with no search, sort or page in its URL. */
export const FIRST_CAUSE_LIST_PATH = causeListPath({ page: 1, ordering: 'date_created' });
