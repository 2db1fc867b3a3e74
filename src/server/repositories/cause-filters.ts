/**
 * WHERE and ORDER BY pieces for cause lists. Every sort ends with the id so
 * pages never overlap or skip rows when values tie; each sort key has an index.
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CauseOrdering } from '../../shared/cause-list';
import { causes, favorites } from '../db/schema';
import { PUBLIC_STATUSES, type CauseStatus } from './causes';
import { isUuid, likePattern } from './search';

export function orderFor(ordering: CauseOrdering): SQL[] {
  switch (ordering) {
    case 'popularity':
      return [desc(causes.currentAmount), desc(causes.id)];
    case 'goal_amount':
      return [desc(causes.targetAmount), desc(causes.id)];
    // Sort keys kept on the cause by triggers (migration 0008), so these read an index too.
    case 'created_by':
      return [asc(causes.organizerSort), asc(causes.organizerId), asc(causes.id)];
    case 'category':
      return [sql`${causes.categorySort} ASC NULLS LAST`, asc(causes.id)];
    case 'date_created':
    default:
      return [desc(causes.createdAt), desc(causes.id)];
  }
}

/** The admins' review queue: oldest first. */
export const oldestFirst = (): SQL[] => [asc(causes.createdAt), asc(causes.id)];

/** A donor's favorites: the latest favorited first (the list joins favorites when it names `favoritesOf`). */
export const latestFavoriteFirst = (): SQL[] => [desc(favorites.createdAt), desc(favorites.causeId)];

export function searchFilter(search: string | undefined): SQL | undefined {
  const pattern = likePattern(search);
  return pattern ? or(ilike(causes.name, pattern), ilike(causes.description, pattern)) : undefined;
}

/** A category given by name (any case) or by id. */
export function categoryFilter(category: string | undefined): SQL | undefined {
  const value = category?.trim();
  if (!value) return undefined;
  // Aliased so it cannot clash with the categories join of the outer query.
  const match = isUuid(value) ? sql`lower(cat.name) = lower(${value}) OR cat.id = ${value}::uuid` : sql`lower(cat.name) = lower(${value})`;
  return sql`${causes.categoryId} IN (SELECT cat.id FROM categories cat WHERE ${match})`;
}

export function organizerFilter(organizerId: string | undefined): SQL | undefined {
  return organizerId ? eq(causes.organizerId, organizerId) : undefined;
}

export function statusFilter(statuses: readonly CauseStatus[]): SQL {
  return inArray(causes.status, [...statuses]);
}

// Spelled as literals, not parameters: the planner can then match the public list's partial
// indexes (WHERE status IN ('active', 'completed')) whatever plan it caches.
const PUBLIC_SQL = sql.raw(`"causes"."status" IN (${PUBLIC_STATUSES.map((s) => `'${s}'`).join(', ')})`);

export const publicOnly = (): SQL => PUBLIC_SQL;

/** Active causes still short of their goal (or without one): the landing page's 'Your help is Needed' cards. */
export function needsHelp(): SQL {
  return and(statusFilter(['active']), sql`(${causes.targetAmount} = 0 OR ${causes.currentAmount} < ${causes.targetAmount})`)!;
}

/** Public causes, plus every cause of `ownerId` (the caller's own, or any one organizer's for an admin). */
export function visibleTo(ownerId: string | null): SQL {
  return ownerId ? or(publicOnly(), eq(causes.organizerId, ownerId))! : publicOnly();
}

export function allOf(...parts: Array<SQL | undefined>): SQL | undefined {
  return and(...parts);
}
