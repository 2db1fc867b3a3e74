import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from '../../src/web/components/share-button/share-button';
import { clearToasts, toastState } from '../../src/web/stores/toast-store';

const CAUSE_ID = 'c0ffee00-0000-4000-8000-000000000001';
const TITLE = 'Water & wells for Tamale';
const causeUrl = `${location.origin}/causes/${CAUSE_ID}`;

function stub(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, name, { configurable: true, value });
}

afterEach(() => {
  clearToasts();
  delete (navigator as { share?: unknown }).share;
  delete (navigator as { clipboard?: unknown }).clipboard;
});

function renderButton() {
  render(<ShareButton title={TITLE} text="Clean water for 400 people." path={`/causes/${CAUSE_ID}`} />);
  return screen.getByRole('button', { name: `Share ${TITLE}` });
}

describe('ShareButton', () => {
  it("hands the cause URL to the phone's share sheet when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stub('share', share);
    const button = renderButton();
    expect(button.getAttribute('aria-expanded')).toBeNull();
    await act(async () => fireEvent.click(button));
    expect(share).toHaveBeenCalledWith({ title: TITLE, text: 'Clean water for 400 people.', url: causeUrl });
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('stays quiet when the person closes the share sheet', async () => {
    stub('share', vi.fn().mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'AbortError' })));
    const button = renderButton();
    await act(async () => fireEvent.click(button));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('falls back to the menu when the share sheet refuses', async () => {
    const share = vi.fn().mockRejectedValue(Object.assign(new Error('no targets'), { name: 'NotAllowedError' }));
    stub('share', share);
    const button = renderButton();
    await act(async () => fireEvent.click(button));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    fireEvent.click(button);
    expect(screen.queryByRole('list')).toBeNull();
    expect(share).toHaveBeenCalledTimes(1);
  });

  it('opens a menu with WhatsApp, Facebook and X links to the encoded cause URL without a share sheet', () => {
    const button = renderButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('list');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const encoded = encodeURIComponent(causeUrl);
    const href = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href');
    expect(href('WhatsApp')).toBe(`https://wa.me/?text=${encodeURIComponent(`${TITLE} ${causeUrl}`)}`);
    expect(href('Facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(href('X')).toBe(`https://twitter.com/intent/tweet?text=${encodeURIComponent(TITLE)}&url=${encoded}`);
    for (const link of screen.getAllByRole('link')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });

  it('copies the link and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stub('clipboard', { writeText });
    fireEvent.click(renderButton());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    expect(writeText).toHaveBeenCalledWith(causeUrl);
    await waitFor(() => expect(toastState.toasts.map((t) => `${t.type}:${t.message}`)).toEqual(['success:Link copied']));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the link could not be copied', async () => {
    stub('clipboard', { writeText: vi.fn().mockRejectedValue(new Error('denied')) });
    fireEvent.click(renderButton());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })));
    await waitFor(() => expect(toastState.toasts.map((t) => t.type)).toEqual(['error']));
  });

  it('closes on Escape and gives focus back to the button, and on a click elsewhere', () => {
    const button = renderButton();
    fireEvent.click(button);
    const copy = screen.getByRole('button', { name: 'Copy link' });
    copy.focus();
    fireEvent.keyDown(copy, { key: 'Escape' });
    expect(screen.queryByRole('list')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    expect(screen.getByRole('list')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
