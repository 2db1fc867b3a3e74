// Setting up through the API what a browser test is not about (accounts, causes, money), and the
// axe check the pages' tests share.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface CallInit {
  method?: string;
  body?: unknown;
  token?: string;
}

/** A JSON call to the server at `baseUrl`; a 4xx/5xx answer throws with its body. */
export async function callApi<T>(baseUrl: string, path: string, init: CallInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    return text as T;
  }
}

/** Registers the user and signs in: their access token. */
export async function signUpAndLogIn(
  baseUrl: string,
  user: { email: string; password: string },
  first: string,
  last: string,
): Promise<string> {
  await callApi(baseUrl, '/api/user/auth/signup/', {
    method: 'POST',
    body: { first_name: first, last_name: last, email: user.email, password: user.password, password2: user.password },
  });
  return (await callApi<{ access: string }>(baseUrl, '/api/user/auth/login/', { method: 'POST', body: user })).access;
}

/** axe's violations on the page once it is quiet, one line each: an empty list is what we want. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
