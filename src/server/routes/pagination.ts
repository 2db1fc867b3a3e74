/**
 * Page-number pagination shared by every list: ?page=n&page_size=m in,
 * Paginated<T> out, with absolute next/previous links that keep the other
 * query parameters (search, ordering, …) so the client can follow them as-is.
 */
import type { FastifyRequest } from 'fastify';
import type { Paginated } from '../../shared/contract/common';
import { siteOrigin } from '../lib/site-origin';

export { PageParams, PageQuery, PaginatedOf } from '../../shared/contract/common';

export interface PageRequest {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

export function pageRequest(query: { page?: number; page_size?: number }, defaultSize: number): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? defaultSize;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

function linkTo(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, siteOrigin(request.server, request));
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** A page past the end answers empty results with next null and previous pointing at the last page. */
export function paginate<T>(request: FastifyRequest, page: PageRequest, count: number, results: T[]): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(count / page.pageSize));
  return {
    count,
    next: page.page < lastPage ? linkTo(request, page.page + 1) : null,
    previous: page.page > 1 ? linkTo(request, Math.min(page.page - 1, lastPage)) : null,
    results,
  };
}
