import { inject, vi } from 'vitest';
import type { Cart } from '../../../src/shared/contract/cart';
import { setTokens } from '../../../src/web/stores/session-store';
import { deferred, type RecordedCall } from './fake-fetch';

/**
 * The real API server the web tests share (tests/web/server/global-setup.ts): our app on an
 * in-memory PGlite, reached over HTTP. Helpers to talk to it as a page would, and as a test would.
 */

export const apiServer = () => inject('apiServer');

/** Points the page's API base (and so the outbox and the API client) at the test server. */
export function useApiServer(): string {
  const { url } = apiServer();
  vi.stubEnv('VITE_API_BASE_URL', url);
  return url;
}

type Rule = { match: (call: RecordedCall) => boolean; once: boolean; run: (response: Response) => Promise<Response> };

/**
 * A fetch to the real server that records every call. A test can drop an answer AFTER the server
 * applied the request (the phone lost it on the way back), or hold one until it says so.
 */
export function serverFetch() {
  const calls: RecordedCall[] = [];
  /** What the server answered each call (status, and whether it was an Idempotency-Key replay). */
  const answers = new Map<RecordedCall, { status: number; replayed: boolean }>();
  const rules: Rule[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), apiServer().url).toString();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // text
      }
    }
    const call: RecordedCall = { url, method: init.method ?? 'GET', headers, body };
    calls.push(call);
    const response = await fetch(url, init);
    answers.set(call, { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true' });
    const rule = rules.find((r) => r.match(call));
    if (!rule) return response;
    if (rule.once) rules.splice(rules.indexOf(rule), 1);
    return rule.run(response);
  };
  return {
    fetch: fetchFn as typeof globalThis.fetch,
    calls,
    answers,
    /** The server applies the next matching request; its answer never arrives. */
    dropAnswer(match: (call: RecordedCall) => boolean): void {
      rules.push({
        match,
        once: true,
        run: async () => {
          throw new TypeError('Failed to fetch');
        },
      });
    },
    /** The next matching answer waits until `release()`. */
    holdAnswer(match: (call: RecordedCall) => boolean): { release: () => void; held: Promise<void> } {
      const gate = deferred<void>();
      const arrived = deferred<void>();
      rules.push({
        match,
        once: true,
        run: async (response) => {
          arrived.resolve();
          await gate.promise;
          return response;
        },
      });
      return { release: () => gate.resolve(), held: arrived.promise };
    },
    /** Answers (the page's API client) in the shape renderRoute's handler expects. */
    handler: (call: RecordedCall) =>
      fetchFn(call.url, {
        method: call.method,
        headers: call.headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
      }),
  };
}

export const pathOnly = (call: RecordedCall) => new URL(call.url).pathname;

async function call(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${apiServer().url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export interface Donor {
  id: string;
  email: string;
  access: string;
  refresh: string;
}

let donors = 0;
/** A fresh donor account on the server (not signed in on the page). */
export async function newDonor(name = 'ama'): Promise<Donor> {
  donors += 1;
  const email = `${name}.${process.pid}.${Date.now()}.${donors}@example.com`;
  const password = 'kente-weave-2025';
  const created = await call('/api/user/auth/signup/', {
    body: { first_name: 'Ama', last_name: 'Mensah', email, password, password2: password },
  });
  const tokens = await call('/api/user/auth/login/', { body: { email, password } });
  return { id: created.id, email, access: tokens.access, refresh: tokens.refresh };
}

/** Signs this page in as `donor` (what the sign-in form does). */
export function signInPage(donor: Donor): void {
  setTokens(donor.access, donor.refresh);
}

/** The server's cart as [cause_id, quantity, donation_amount], sorted: a donor's (token) or a guest cart's (id). */
export async function serverCart(who: { token?: string; cartId?: string | null }): Promise<[string, number, string][]> {
  const path = who.cartId ? `/api/cart/${who.cartId}/` : '/api/cart/';
  const cart = (await call(path, { token: who.token })) as Cart;
  return cart.items
    .map((i) => [i.cause_id, i.quantity, i.donation_amount] as [string, number, string])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** Adds straight on the server, as another device of the same donor would. */
export async function addOnServer(
  body: { cart_id?: string; cause_id: string; donation_amount: string; quantity?: number },
  token?: string,
) {
  return call('/api/cart/add/', { body, token });
}

/** The text of the newest message the server kept for `to`, read at the admins' Outgoing mail. */
export async function lastMailText(to: string): Promise<string | null> {
  const { access } = await call('/api/user/auth/login/', { body: apiServer().admin });
  const list = (await call('/api/admin/mail/?page_size=50', { token: access })) as { results: { id: string; to: string }[] };
  const found = list.results.find((m) => m.to === to);
  return found ? ((await call(`/api/admin/mail/${found.id}/`, { token: access })) as { text: string }).text : null;
}
