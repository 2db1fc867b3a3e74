import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../src/shared/contract/payouts';
import type { Treasurer, TreasurerList } from '../../src/shared/contract/treasurers';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause } from './helpers/causes';
import { deferred, json, type RecordedCall } from './helpers/fake-fetch';
import { balanceOf, makeWithdrawal, MOMO_DETAILS, notFound, route, shellCalls } from './helpers/payouts';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);
const ORGANIZER = 'org-1';
const TREASURER = 'tr-1';

afterEach(() => {
  clearToasts();
  signOut();
});

function treasurer(id: string, over: Partial<Treasurer> = {}): Treasurer {
  return {
    user_id: id,
    email: `${id}@example.com`,
    name: `Name ${id}`,
    status: 'accepted',
    invited_at: '2026-03-01T10:00:00Z',
    accepted_at: '2026-03-01T11:00:00Z',
    ...over,
  };
}

interface Options {
  as: string;
  treasurers?: Treasurer[];
  history?: Withdrawal[];
  /** Answers a POST or DELETE on the treasurer routes (default: 201/204 with the change applied). */
  change?: (call: RecordedCall) => Response | Promise<Response> | undefined;
}

async function openPage(options: Options) {
  signInAs({ id: options.as });
  let treasurers = options.treasurers ?? [];
  let history = options.history ?? [];
  const list = (): TreasurerList => ({
    cause_id: 'c1',
    max_treasurers: 3,
    your_role: options.as === ORGANIZER ? 'organizer' : 'treasurer',
    treasurers,
  });
  return renderRoute('/causes/c1/withdrawals', async (call) => {
    const { path } = route(call);
    if (path === '/api/causes/details/c1/')
      return json(200, makeCause('c1', { title: 'Water for Tamale', name: 'Water for Tamale', organizer_id: ORGANIZER }));
    if (path === '/api/causes/c1/balance/') return json(200, balanceOf());
    if (path === '/api/withdrawals/' && call.method === 'GET') {
      return json(200, { count: history.length, next: null, previous: null, results: history });
    }
    if (path.startsWith('/api/causes/c1/treasurers/')) {
      if (call.method === 'GET') return json(200, list());
      const answer = await options.change?.(call);
      if (answer) return answer;
      if (call.method === 'POST') {
        const added = treasurer('t-new', { email: (call.body as { email: string }).email, status: 'invited', accepted_at: null });
        treasurers = [...treasurers, added];
        return json(201, added);
      }
      treasurers = treasurers.filter((t) => !path.includes(t.user_id));
      return new Response(null, { status: 204 });
    }
    const decision = /^\/api\/withdrawals\/([^/]+)\/(approve|reject)\/$/.exec(path);
    if (decision) {
      const answer = (await options.change?.(call)) ?? json(200, makeWithdrawal(decision[1], { status: 'requested' }));
      // The server's list now holds the withdrawal as answered.
      const moved = (await answer.clone().json()) as Withdrawal;
      history = history.map((w) => (w.id === moved.id ? moved : w));
      return answer;
    }
    return shellCalls(call, { withdrawal_address: MOMO_DETAILS }) ?? notFound();
  });
}

const sectionOf = async (name: string) => (await screen.findByRole('heading', { name })).closest('section')!;

describe('treasurers on /causes/$id/withdrawals', () => {
  it('the organizer sees the Treasurers section: list with status, invite by email, remove', async () => {
    const { calls } = await openPage({
      as: ORGANIZER,
      treasurers: [treasurer('t1'), treasurer('t2', { status: 'invited', accepted_at: null })],
    });
    const section = await sectionOf('Treasurers');
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/Name t1.*t1@example\.com.*Accepted/),
      expect.stringMatching(/Name t2.*t2@example\.com.*Invited/),
    ]);

    fireEvent.change(within(section).getByLabelText("Treasurer's email"), { target: { value: ' kojo@example.com ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Invite treasurer' }));
    await waitFor(() => expect(toasts()).toEqual(['success:Invitation sent']));
    const post = calls.find((c) => c.method === 'POST' && c.url.includes('/treasurers/'))!;
    expect(post.body).toEqual({ email: 'kojo@example.com' });
    expect(post.headers['idempotency-key']).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    // Three is the most: the invite form gives way to a note.
    expect(within(section).queryByLabelText("Treasurer's email")).toBeNull();
    expect(within(section).getByText('A cause can have at most 3 treasurers.')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Remove Name t1' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/causes/c1/treasurers/t1/')).toBe(true);
  });

  it("shows the server's email error inline", async () => {
    await openPage({
      as: ORGANIZER,
      change: () =>
        json(400, {
          detail: 'Please correct the highlighted fields.',
          code: 'validation_error',
          errors: { email: ['No Boafo account uses this email. Ask them to sign up first.'] },
        }),
    });
    const section = await sectionOf('Treasurers');
    expect(await within(section).findByText('No treasurers yet.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText("Treasurer's email"), { target: { value: 'stranger@example.com' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Invite treasurer' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('No Boafo account uses this email. Ask them to sign up first.');
  });

  it('a treasurer sees a read-only page with Approve and Reject, disabled while a decision is sent', async () => {
    const hold = deferred<Response>();
    const awaiting = makeWithdrawal('w1', { status: 'awaiting_treasurers', amount: '120.00', approvals_needed: 2 });
    const { calls } = await openPage({
      as: TREASURER,
      history: [awaiting, makeWithdrawal('w0', { status: 'paid', decisions: [] })],
      change: () => hold.promise,
    });
    const pending = await sectionOf('Waiting for your approval');
    const item = await within(pending).findByRole('listitem');
    expect(item.textContent).toMatch(/GH₵120\.00.*0 of 2 approvals/);
    // Read-only: no request form, no payout details, no treasurer management.
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).toBeNull();
    expect(screen.queryByText(/Paid to:/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Treasurers' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/user/profile/' && c.method !== 'GET')).toBe(false);

    const approve = within(item).getByRole('button', { name: 'Approve' });
    fireEvent.click(approve);
    await waitFor(() => expect((within(item).getByRole('button', { name: 'Saving...' }) as HTMLButtonElement).disabled).toBe(true));
    expect((within(item).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(item).getByRole('button', { name: 'Reject' }));
    expect(calls.filter((c) => c.url.endsWith('/approve/') || c.url.endsWith('/reject/')).map((c) => c.url)).toEqual([
      '/api/withdrawals/w1/approve/',
    ]);
    hold.resolve(json(200, { ...awaiting, status: 'requested' }));
    await waitFor(() => expect(toasts()).toEqual(['success:Withdrawal approved']));
    expect(await within(pending).findByText('No withdrawals are waiting for the treasurers.')).toBeTruthy();
  });

  it("a treasurer who already decided sees their decision instead of the buttons; others' names are listed", async () => {
    await openPage({
      as: TREASURER,
      history: [
        makeWithdrawal('w1', {
          status: 'awaiting_treasurers',
          approvals_needed: 2,
          decisions: [{ treasurer_id: TREASURER, name: 'Esi Ofori', decision: 'approved', at: '2026-03-02T11:00:00Z' }],
        }),
      ],
    });
    const pending = await sectionOf('Waiting for your approval');
    const item = await within(pending).findByRole('listitem');
    expect(within(item).getByText('You approved this withdrawal.')).toBeTruthy();
    expect(within(item).getByText('Approved by Esi Ofori')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('someone who is neither organizer nor treasurer is refused', async () => {
    signInAs({ id: 'stranger' });
    await renderRoute('/causes/c1/withdrawals', (call) => {
      const { path } = route(call);
      if (path === '/api/causes/details/c1/') return json(200, makeCause('c1', { organizer_id: ORGANIZER }));
      if (path === '/api/causes/c1/treasurers/') return json(403, { detail: 'No.', code: 'permission_denied' });
      return shellCalls(call) ?? notFound();
    });
    expect(await screen.findByRole('heading', { name: 'No access to these withdrawals' })).toBeTruthy();
  });
});

describe('treasurer invitations on /notificationspage', () => {
  it('accepts an invitation and links to the withdrawals page', async () => {
    signInAs({ id: TREASURER });
    const { calls } = await renderRoute('/notificationspage', (call) => {
      const { path } = route(call);
      if (path === '/api/treasurer-invitations/')
        return json(200, [
          { cause_id: 'c1', cause_title: 'Water for Tamale', organizer_name: 'Kojo Owusu', invited_at: '2026-03-01T10:00:00Z' },
        ]);
      if (path === '/api/treasurer-invitations/c1/accept/') return json(200, treasurer(TREASURER));
      if (path === '/api/notifications/') return json(200, { count: 0, next: null, previous: null, results: [] });
      return shellCalls(call) ?? notFound();
    });
    const section = await sectionOf('Treasurer invitations');
    expect(within(section).getByText(/invited you to be a treasurer of/).textContent).toMatch(/Kojo Owusu.*Water for Tamale/);
    fireEvent.click(within(section).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toasts()).toEqual(['success:You are now a treasurer']));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/treasurer-invitations/c1/accept/')).toBe(true);
    expect(within(section).getByRole('link', { name: 'See its withdrawals' }).getAttribute('href')).toBe('/causes/c1/withdrawals');
  });
});
