import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '../../../src/web/route-tree.gen';
import { configureApiClient } from '../../../src/web/lib/api-client';
import { clearSession, setTokens } from '../../../src/web/stores/session-store';
import { createFakeFetch, fakeJwt, type RecordedCall } from './fake-fetch';

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

/** Signs in as a fake user (the client only decodes the token). */
export function signInAs(claims: { id?: string; role?: 'user' | 'admin'; name?: string; email?: string } = {}): string {
  const id = claims.id ?? '11111111-1111-4111-8111-111111111111';
  setTokens(
    fakeJwt({
      user_id: id,
      sub: id,
      role: claims.role ?? 'user',
      name: claims.name ?? 'Ama Mensah',
      email: claims.email ?? 'ama@example.com',
      exp: 4_000_000_000,
    }),
    'refresh-token',
  );
  return id;
}

export function signOut(): void {
  clearSession();
}

/** Renders the real app (route tree, root shell, guards) at `path` with a scripted fetch. */
export async function renderRoute(path: string, handler: Handler) {
  const fake = createFakeFetch(handler);
  configureApiClient({ fetch: fake.fetch, onSessionExpired: () => {} });
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), defaultPendingMs: 0 });
  await act(async () => {
    render(<RouterProvider router={router} />);
    await router.load();
  });
  return { router, calls: fake.calls };
}

/** The path and query of a recorded call (fetch gets same-origin paths). */
export function pathOf(call: RecordedCall): string {
  return call.url;
}
