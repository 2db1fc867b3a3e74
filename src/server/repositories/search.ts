/** Case-insensitive "contains" search with ILIKE (pg_trgm is not available in PGlite). */

/** null for an empty search; otherwise %text% with LIKE wildcards in the text escaped. */
export function likePattern(search: string | undefined | null): string | null {
  const text = search?.trim();
  if (!text) return null;
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are checked before they reach a uuid column, so a bad one is a 404, not a database error. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
