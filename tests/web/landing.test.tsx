import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setMirrorDb } from '../../src/web/features/causes/api/cause-mirror';
import { setContentDb } from '../../src/web/features/content/api/content-store';
import { BoafoDb } from '../../src/web/features/offline/db';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';
import { makeCause, pageOf } from './helpers/causes';
import { deferred, json, type RecordedCall } from './helpers/fake-fetch';
import { renderRoute } from './helpers/render-route';

let n = 0;
let db: BoafoDb;
beforeEach(() => {
  db = new BoafoDb(`landing-test-${++n}`);
  setMirrorDb(db);
  setContentDb(db);
});
afterEach(() => {
  clearToasts();
  setMirrorDb(null);
  setContentDb(null);
  db.close();
});

const toasts = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);

const CONTENT: Record<string, unknown> = {
  '/api/success-stories/': [
    { id: 's1', title: 'Ama walks again', description: 'Surgery done.', image: null, cause_id: null, created_at: '2025-01-01T00:00:00Z' },
  ],
  '/api/testimonials/': [
    { id: 't1', text: 'First words', content: 'First words', author: 'Akosua', name: 'Akosua', role: 'Parent', image: null },
    { id: 't2', text: 'Second words', content: 'Second words', author: 'Yaw', name: 'Yaw', role: 'Donor', image: null },
  ],
  '/api/contributors/': [],
  '/api/statistics/': [{ key: 'total_raised', title: 'Total raised', label: 'Total raised', value: 'GH₵1,000.00', description: '' }],
  '/api/blog-posts/': [
    {
      id: 'b1',
      slug: 'first-post',
      title: 'First post',
      category: 'News',
      category_name: 'News',
      excerpt: 'x',
      description: 'x',
      content: 'x',
      image: null,
      featured_image: null,
      url: null,
      author_name: 'A',
      published_at: '2025-01-01T00:00:00Z',
    },
    {
      id: 'b2',
      slug: '',
      title: 'External',
      category: 'News',
      category_name: 'News',
      excerpt: 'y',
      description: 'y',
      content: 'y',
      image: null,
      featured_image: null,
      url: 'https://example.org/post',
      author_name: 'A',
      published_at: '2025-01-01T00:00:00Z',
    },
  ],
};

function content(call: RecordedCall): Response | undefined {
  const body = CONTENT[call.url];
  return body ? json(200, body) : undefined;
}

describe('landing page', () => {
  it('donation cards show Goal, Collected, Remaining and a capped real percentage; DONATE goes to /donation', async () => {
    const causes = [
      makeCause('c1', { title: 'Half way', name: 'Half way', target_amount: '1000.00', current_amount: '250.00' }),
      makeCause('c2', { title: 'Over funded', name: 'Over funded', target_amount: '100.00', current_amount: '180.00' }),
      makeCause('c3', { title: 'Closed one', name: 'Closed one', status: 'closed', is_active: false }),
    ];
    const { router } = await renderRoute('/', (call) =>
      call.url.startsWith('/api/causes/list/') ? json(200, pageOf(causes)) : content(call),
    );
    // The live sections are a lazy chunk: its first import can take seconds on a busy machine.
    const help = (await screen.findByRole('heading', { name: 'Your help is Needed' }, { timeout: 15_000 })).closest('section')!;
    const first = (await within(help).findByRole('link', { name: 'Half way' }, { timeout: 5_000 })).closest('article')!;
    const figures = [...first.querySelectorAll('dt, dd')].map((e) => e.textContent);
    expect(figures).toEqual(['Goal', 'GH₵1,000.00', 'Collected', 'GH₵250.00', 'Remaining', 'GH₵750.00']);
    expect(
      within(first as HTMLElement)
        .getByRole('progressbar')
        .getAttribute('aria-valuenow'),
    ).toBe('25');

    const over = within(help).getByRole('link', { name: 'Over funded' }).closest('article')!;
    expect(
      within(over as HTMLElement)
        .getByRole('progressbar')
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    expect(over.textContent).toContain('RemainingGH₵0.00');
    // Only active causes get a card.
    expect(within(help).queryByText('Closed one')).toBeNull();
    expect(screen.queryByText('Failed to load donations')).toBeNull();

    await act(async () => fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'DONATE to Half way' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/donation'));
    expect(router.state.location.search).toMatchObject({ causeId: 'c1' });
  });

  it('live sections: 5-max stories open /success-stories in a new tab, dot pager, REGISTER NOW, blog links', async () => {
    await renderRoute('/', (call) => (call.url.startsWith('/api/causes/list/') ? json(200, pageOf([])) : content(call)));
    const more = await screen.findByRole('link', { name: 'Know more: Ama walks again (opens in a new tab)' }, { timeout: 15_000 });
    expect([more.getAttribute('href'), more.getAttribute('target')]).toEqual(['/success-stories', '_blank']);

    expect(await screen.findByText('“First words”')).toBeTruthy();
    const dot2 = screen.getByRole('button', { name: 'Show testimonial 2 of 2' });
    await act(async () => fireEvent.click(dot2));
    expect(screen.getByText('“Second words”')).toBeTruthy();
    expect(dot2.getAttribute('aria-pressed')).toBe('true');

    expect(screen.getByRole('link', { name: 'REGISTER NOW' }).getAttribute('href')).toBe('/register');
    // An empty contributors answer is not replaced by samples: the server was reachable.
    expect(screen.getByText('Be the first to give this month.')).toBeTruthy();
    expect(screen.getByText('GH₵1,000.00')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Know more: First post' }).getAttribute('href')).toBe('/blog/first-post');
    const external = screen.getByRole('link', { name: 'Know more: External' });
    expect([external.getAttribute('href'), external.getAttribute('target')]).toEqual(['https://example.org/post', '_blank']);
  });

  it('server unreachable and nothing saved: "Failed to load donations" with sample cards, and sample content', async () => {
    await renderRoute('/', () => undefined);
    expect(await screen.findByText('Failed to load donations')).toBeTruthy();
    const help = screen.getByRole('heading', { name: 'Your help is Needed' }).closest('section')!;
    await waitFor(() => expect(help.querySelectorAll('.donation-card:not(.skeleton)').length).toBe(3));
    expect(await screen.findByText('16k+')).toBeTruthy();
    expect(await screen.findByText('Kofi Asante')).toBeTruthy();
  });

  it('newsletter: empty warning, Subscribing..., success text and toast', async () => {
    const answer = deferred<Response>();
    const { calls } = await renderRoute('/', (call) =>
      call.url === '/api/newsletter/subscribe/'
        ? answer.promise
        : call.url.startsWith('/api/causes/')
          ? json(200, pageOf([]))
          : content(call),
    );
    const button = await screen.findByRole('button', { name: 'Subscribe' });
    const form = button.closest('form')!;
    await act(async () => fireEvent.submit(form));
    expect(toasts()).toEqual(['warning:Please enter your email']);
    expect(calls.some((c) => c.url === '/api/newsletter/subscribe/')).toBe(false);

    const link = within(form).getByRole('link', { name: 'privacy policy' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/privacy-policy', '_blank']);

    fireEvent.change(within(form).getByLabelText('Email address'), { target: { value: 'ama@example.com' } });
    await act(async () => fireEvent.submit(form));
    const busy = within(form).getByRole('button', { name: 'Subscribing...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(calls.find((c) => c.url === '/api/newsletter/subscribe/')!.body).toEqual({ email: 'ama@example.com' });

    await act(async () => answer.resolve(json(201, { detail: 'Subscribed.' })));
    expect(within(form).getByText('Successfully subscribed to our newsletter!')).toBeTruthy();
    expect(within(form).getByText(/starts once you confirm with the link we sent/)).toBeTruthy();
    expect(toasts()).toContain('success:Subscribed to newsletter');
  });

  it('newsletter failure: toast and text', async () => {
    await renderRoute('/', (call) =>
      call.url === '/api/newsletter/subscribe/'
        ? json(400, { detail: 'Enter a valid email address.', code: 'validation_error' })
        : content(call),
    );
    const form = (await screen.findByRole('button', { name: 'Subscribe' })).closest('form')!;
    fireEvent.change(within(form).getByLabelText('Email address'), { target: { value: 'bad@x' } });
    await act(async () => fireEvent.submit(form));
    await waitFor(() => expect(within(form).getByText('Failed to subscribe. Please try again.')).toBeTruthy());
    expect(toasts()).toContain('error:Subscription failed');
  });
});
