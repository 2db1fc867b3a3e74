import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../src/web/components/toasts/toaster';
import { DEFAULT_TOAST_MS, clearToasts, toast, toastState } from '../../src/web/stores/toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

const messages = () => toastState.toasts.map((t) => `${t.type}:${t.message}`);

describe('toast store', () => {
  it('dismisses a toast after 3000 ms by default', () => {
    expect(DEFAULT_TOAST_MS).toBe(3000);
    toast.success('Signed in successfully');
    vi.advanceTimersByTime(2999);
    expect(messages()).toEqual(['success:Signed in successfully']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('honours a custom duration and all four types', () => {
    toast.info('a', 10_000);
    toast.warning('b');
    toast.error('c');
    toast.success('d');
    expect(messages()).toEqual(['info:a', 'warning:b', 'error:c', 'success:d']);
    vi.advanceTimersByTime(3000);
    expect(messages()).toEqual(['info:a']);
  });
});

describe('Toaster', () => {
  // valtio notifies React after a microtask, hence the async act.
  async function show(message: string, type: 'info' | 'error' | 'success' = 'info') {
    await act(async () => void toast[type](message));
  }

  async function showOne(message: string, type: 'info' | 'error' = 'info') {
    render(<Toaster />);
    await show(message, type);
    return screen.getByText(message).closest('.toast') as HTMLElement;
  }

  it.each(['Escape', 'Enter', ' '])('dismisses with the %j key', async (key) => {
    const element = await showOne('Added to cart');
    await act(async () => void fireEvent.keyDown(element, { key }));
    expect(screen.queryByText('Added to cart')).toBeNull();
  });

  it('ignores other keys, dismisses on click and with the close button', async () => {
    const element = await showOne('Refreshed');
    await act(async () => void fireEvent.keyDown(element, { key: 'a' }));
    expect(screen.getByText('Refreshed')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' })));
    expect(screen.queryByText('Refreshed')).toBeNull();

    await show('Again');
    await act(async () => void fireEvent.click(screen.getByText('Again')));
    expect(screen.queryByText('Again')).toBeNull();
  });

  it('announces errors assertively and the rest politely', async () => {
    await showOne('Sign-in failed', 'error');
    await show('Logged out', 'success');
    expect(screen.getByText('Sign-in failed').closest('[aria-live]')!.getAttribute('aria-live')).toBe('assertive');
    expect(screen.getByText('Logged out').closest('[aria-live]')!.getAttribute('aria-live')).toBe('polite');
  });
});
