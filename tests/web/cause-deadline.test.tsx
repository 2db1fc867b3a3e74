/**
 * Days left to a cause's end date: the shared helper's wording at each boundary (UTC days), and the
 * same words on the list's cards and the cause page.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateCauseForm } from '../../src/web/features/causes/components/create-cause-form';
import { setMirrorDb } from '../../src/web/features/causes/api/cause-mirror';
import { BoafoDb } from '../../src/web/features/offline/db';
import { addDays, addOneYear, daysLeft, deadlineLabel, isoDayStart, utcDay } from '../../src/shared/cause-deadline';
import { makeCause, pageOf } from './helpers/causes';
import { json } from './helpers/fake-fetch';
import { renderRoute, signInAs, signOut } from './helpers/render-route';

describe('deadlineLabel', () => {
  // 23:30 UTC: still the 10th in Accra (GMT), whatever the device's own time zone says.
  const now = new Date('2026-03-10T23:30:00Z');
  const active = (end_date: string | null) => deadlineLabel({ end_date, status: 'active' }, now);

  it('counts whole UTC days to the last day', () => {
    expect(active('2026-03-22')).toBe('12 days left');
    expect(active('2026-03-11')).toBe('1 day left');
    expect(active('2026-03-10')).toBe('Last day');
    expect(active('2026-03-09')).toBe('Ended');
    expect(daysLeft('2027-03-10', now)).toBe(365);
  });

  it('says nothing without a valid date, nor for a cause already closed or completed before it', () => {
    expect(active(null)).toBeNull();
    expect(active('2026-02-30')).toBeNull();
    expect(active('soon')).toBeNull();
    expect(deadlineLabel({ end_date: '2026-03-20', status: 'completed' }, now)).toBeNull();
    expect(deadlineLabel({ end_date: '2026-03-20', status: 'closed' }, now)).toBeNull();
    expect(deadlineLabel({ end_date: '2026-03-01', status: 'closed' }, now)).toBe('Ended');
    expect(deadlineLabel({ end_date: '2026-03-20', status: 'under_review' }, now)).toBe('10 days left');
  });

  it('reads and moves calendar days', () => {
    expect(isoDayStart('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(isoDayStart('2027-02-29')).toBeNull();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addOneYear('2028-02-29')).toBe('2029-03-01');
    expect(utcDay(now)).toBe('2026-03-10');
  });
});

let n = 0;
let db: BoafoDb;
beforeEach(() => {
  db = new BoafoDb(`deadline-test-${++n}`);
  setMirrorDb(db);
});
afterEach(() => {
  setMirrorDb(null);
  db.close();
});

describe('days left on screen', () => {
  const today = utcDay();

  it('the list cards show days left, the last day and an ended cause', async () => {
    const causes = [
      makeCause('soon', { end_date: addDays(today, 5) }),
      makeCause('today', { end_date: today }),
      makeCause('open', { end_date: null }),
      makeCause('over', { end_date: addDays(today, -2), status: 'closed', is_active: false, accepts_donations: false }),
    ];
    await renderRoute('/causelistpage', (call) => {
      if (call.url.startsWith('/api/categories/')) return json(200, []);
      if (call.url.startsWith('/api/causes/list/')) return json(200, pageOf(causes));
      return undefined;
    });
    await screen.findByRole('link', { name: 'Cause soon' });
    const labelOf = (name: string) =>
      screen.getByRole('link', { name }).closest('.cause-card')!.querySelector('.cause-deadline')?.textContent ?? null;
    expect(labelOf('Cause soon')).toBe('5 days left');
    expect(labelOf('Cause today')).toBe('Last day');
    expect(labelOf('Cause open')).toBeNull();
    expect(labelOf('Cause over')).toBe('Ended');
  });

  it('the cause page shows the days left beside the money', async () => {
    const cause = makeCause('d1', { title: 'Roof', name: 'Roof', end_date: addDays(today, 1) });
    await renderRoute('/causes/d1', (call) => (call.url === '/api/causes/details/d1/' ? json(200, cause) : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Roof' });
    const label = screen.getByText('1 day left');
    expect(label.closest('.cause-detail__panel')).toBeTruthy();
  });
});

describe('the create form', () => {
  afterEach(() => signOut());

  it('offers an end date between tomorrow and a year ahead and sends it', async () => {
    signInAs();
    const submit = vi.fn(async () => makeCause('new'));
    render(<CreateCauseForm submit={submit} loadCategories={async () => []} goBack={() => {}} />);
    const input = screen.getByLabelText('End date') as HTMLInputElement;
    expect([input.type, input.min, input.max]).toEqual(['date', addDays(utcDay(), 1), addOneYear(utcDay())]);
    fireEvent.change(screen.getByLabelText('Cause name *'), { target: { value: 'Roof' } });
    fireEvent.change(screen.getByLabelText('Description *'), { target: { value: 'Before the rains.' } });
    fireEvent.change(input, { target: { value: addDays(utcDay(), 20) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create cause' })));
    const form = (submit.mock.calls[0] as unknown as [FormData])[0];
    expect(form.get('end_date')).toBe(addDays(utcDay(), 20));
  });
});
