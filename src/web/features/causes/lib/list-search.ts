import { isCauseOrdering, type CauseOrdering } from '../../../../shared/cause-list';

/** /causelistpage URL state, so reload and back keep the page, search, sort and category. */
export interface CauseListSearch {
  page?: number;
  q?: string;
  sort?: CauseOrdering;
  category?: string;
}

export function validateCauseListSearch(raw: Record<string, unknown>): CauseListSearch {
  const out: CauseListSearch = {};
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) out.page = page;
  if (typeof raw.q === 'string' && raw.q.trim()) out.q = raw.q;
  if (isCauseOrdering(raw.sort)) out.sort = raw.sort;
  if (typeof raw.category === 'string' && raw.category) out.category = raw.category;
  return out;
}
