/**
 * The `redirect` search param comes from the address bar, so anyone can craft it.
 * Only same-origin paths are followed: "/x" yes; "//evil.com", "/\\evil.com", "https://..." no.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Search params of pages a guard sends people to (sign-in and the admin sign-in). */
export function validateRedirectSearch(search: Record<string, unknown>): { redirect?: string } {
  const redirect = safeRedirectPath(search.redirect);
  return redirect ? { redirect } : {};
}
