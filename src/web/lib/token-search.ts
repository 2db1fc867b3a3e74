/** `?token=` of pages a mail links to (reset password, newsletter): kept only when it is a non-empty string. */
export function tokenSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' && search.token ? { token: search.token } : {};
}
