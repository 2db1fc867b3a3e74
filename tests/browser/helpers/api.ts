// Setting up through the API what a browser test is not about (accounts, causes, money), and the
// axe check the pages' tests share.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { timeStep, totpForStep } from '../../../src/server/lib/totp';

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

/**
 * Waits for running CSS animations (a toast fading in): axe reads colours as they are at that instant, and a
 * half-faded toast is not what a reader sees a moment later.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner turns for ever: only the animations that end are waited for.
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** axe's violations on the page once it is quiet, one line each: an empty list is what we want. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * What each account (per server) these tests turned two-step sign-in on for needs to sign in again:
 * its secret, the last step used, and the device token the last sign-in got.
 */
const twoStepAccounts = new Map<string, { secret: string; lastStep: number; deviceToken?: string }>();

/**
 * A code not used yet. Codes are single use and the server accepts at most one step ahead, so when
 * this account has used the current and the next step already, wait for the clock instead of
 * running ahead (that is what failed when many sign-ins fell in one 30-second step).
 */
async function nextCode(key: string): Promise<string> {
  const account = twoStepAccounts.get(key)!;
  for (;;) {
    const now = timeStep(Date.now());
    const step = Math.max(now, account.lastStep + 1);
    if (step <= now + 1) {
      account.lastStep = step;
      return totpForStep(account.secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Signs in through the API as an account with two-step sign-in, turning it on first when it is off
 * (admins need it for anything; organizers and treasurers before money moves). Answers the tokens
 * and a remembered device's token: rememberDevice() lets the page sign in without a code. Later
 * sign-ins present that device token, as the app does, so they need no code.
 */
export async function twoStepSignIn(
  baseUrl: string,
  user: { email: string; password: string },
): Promise<{ access: string; refresh: string; deviceToken: string; secret: string }> {
  const post = <T>(path: string, body: unknown, token?: string) => callApi<T>(baseUrl, path, { method: 'POST', body, token });
  // Keyed by address and email, but a later server may reuse a port: the server's own answer says whether it is on there.
  const key = `${baseUrl} ${user.email}`;
  const known = twoStepAccounts.get(key);
  let login = await post<{ access?: string; refresh?: string; challenge?: string }>('/api/user/auth/login/', {
    ...user,
    ...(known?.deviceToken ? { device_token: known.deviceToken } : {}),
  });
  if (login.access) {
    const status = await callApi<{ two_step: { enabled: boolean } }>(baseUrl, '/api/user/security/', { token: login.access });
    if (status.two_step.enabled && known?.deviceToken) {
      return { access: login.access, refresh: login.refresh!, deviceToken: known.deviceToken, secret: known.secret };
    }
    const { secret } = await post<{ secret: string }>('/api/user/security/two-step/setup/', {}, login.access);
    const step = timeStep(Date.now());
    await post('/api/user/security/two-step/enable/', { code: totpForStep(secret, step) }, login.access);
    twoStepAccounts.set(key, { secret, lastStep: step });
    login = await post('/api/user/auth/login/', user);
  }
  const tokens = await post<{ access: string; refresh: string; device_token: string }>('/api/user/auth/login/second-step/', {
    challenge: login.challenge,
    code: await nextCode(key),
    remember_device: true,
  });
  const account = twoStepAccounts.get(key)!;
  account.deviceToken = tokens.device_token;
  return { access: tokens.access, refresh: tokens.refresh, deviceToken: tokens.device_token, secret: account.secret };
}

/** The page's browser remembers this device for `email` (as "Remember this device" does): signing in there asks no code. */
export async function rememberDevice(page: Page, email: string, deviceToken: string): Promise<void> {
  await page.context().addInitScript(
    ([who, token]) => {
      const tokens = JSON.parse(localStorage.getItem('device_tokens') ?? '{}') as Record<string, string>;
      tokens[who] = token;
      localStorage.setItem('device_tokens', JSON.stringify(tokens));
    },
    [email.toLowerCase(), deviceToken] as const,
  );
}
