/**
 * The Statement section of a cause's withdrawals page: From/To days (the cause's first day → today by
 * default), Download CSV / PDF fetched with the session's token and saved as a file, both buttons
 * disabled while one downloads, and the server's reason in a toast when it refuses.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { utcDay } from '../../src/shared/cause-deadline';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { deferred, json, type RecordedCall } from './helpers/fake-fetch';
import { balanceOf, notFound, route, shellCalls, MOMO_DETAILS } from './helpers/payouts';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const ORGANIZER = 'org-1';
const saved: { href: string; download: string }[] = [];

beforeEach(() => {
  saved.length = 0;
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  clearToasts();
  signOut();
});

async function openPage(statement: (call: RecordedCall) => Response | Promise<Response>) {
  signInAs({ id: ORGANIZER });
  const result = await renderRoute('/causes/c1/withdrawals', (call) => {
    const { path } = route(call);
    if (path === '/api/causes/details/c1/')
      return json(200, makeCause('c1', { title: 'Water', name: 'Water', organizer_id: ORGANIZER, created_at: '2026-01-05T08:00:00Z' }));
    if (path === '/api/causes/c1/balance/') return json(200, balanceOf());
    if (path === '/api/withdrawals/') return json(200, { count: 0, next: null, previous: null, results: [] });
    if (path.startsWith('/api/causes/c1/statement.')) return statement(call);
    return shellCalls(call, { withdrawal_address: MOMO_DETAILS }) ?? notFound();
  });
  const section = (await screen.findByRole('heading', { name: 'Statement' })).closest('section')!;
  return { ...result, section: within(section as HTMLElement) };
}

const file = (type: string) => new Response('data', { status: 200, headers: { 'Content-Type': type } });

describe('cause statement section', () => {
  it('downloads the chosen days as CSV and PDF with the token, and disables both while one runs', async () => {
    const gate = deferred<Response>();
    const { calls, section } = await openPage((call) => (call.url.includes('.csv') ? gate.promise : file('application/pdf')));
    expect((section.getByLabelText('From') as HTMLInputElement).value).toBe('2026-01-05');
    expect((section.getByLabelText('To') as HTMLInputElement).value).toBe(utcDay());
    fireEvent.change(section.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.change(section.getByLabelText('To'), { target: { value: '2026-02-28' } });

    await act(async () => fireEvent.click(section.getByRole('button', { name: 'Download CSV' })));
    expect((section.getByRole('button', { name: 'Downloading…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((section.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(true);
    const csvCall = calls.find((c) => c.url.includes('statement.csv'))!;
    expect(csvCall.url).toBe('/api/causes/c1/statement.csv?from=2026-02-01&to=2026-02-28');
    expect(csvCall.headers.authorization).toMatch(/^Bearer ey/);
    await act(async () => gate.resolve(file('text/csv')));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].download).toBe('boafo-c1-2026-02-01-2026-02-28.csv');
    expect((section.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(false);

    await act(async () => fireEvent.click(section.getByRole('button', { name: 'Download PDF' })));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1].download).toBe('boafo-c1-2026-02-01-2026-02-28.pdf');
  });

  it('shows the server’s reason when it refuses the range', async () => {
    const { section } = await openPage(() =>
      json(400, {
        detail: 'Choose a valid date range.',
        code: 'validation_error',
        errors: { to: ['The end of the range must be on or after its start.'] },
      }),
    );
    await act(async () => fireEvent.click(section.getByRole('button', { name: 'Download PDF' })));
    await waitFor(() =>
      expect(toastState.toasts.map((t) => `${t.type}:${t.message}`)).toContain('error:The end of the range must be on or after its start.'),
    );
    expect(saved).toHaveLength(0);
    expect((section.getByRole('button', { name: 'Download PDF' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
