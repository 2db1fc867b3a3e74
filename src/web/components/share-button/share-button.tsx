import { useEffect, useId, useRef, useState } from 'react';
import { t as translate, useT } from '../../lib/i18n';
import { toast } from '../../stores/toast-store';
import './share-button.css';

export interface ShareButtonProps {
  /** What is shared, e.g. the cause title; also finishes the button's accessible name. */
  title: string;
  /** A line for the share sheet (the cause's description). */
  text?: string;
  /** Path on this site, e.g. /causes/<id>; shared as an absolute URL. */
  path: string;
  className?: string;
}

/** The share targets of the fallback menu, in the order people in Ghana use them most. */
export function shareLinks(title: string, url: string) {
  return [
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { name: 'X', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}` },
  ];
}

/**
 * Share: the phone's own share sheet where there is one (most Android browsers), otherwise a small
 * disclosure menu with Copy link and the three apps people share causes on. No library: the landing
 * page's JavaScript budget has no room for one.
 */
export function ShareButton({ title, text, path, className }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const url = new URL(path, location.origin).href;
  const native = typeof navigator.share === 'function';

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent | FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // On the document, not the wrapper: a wrapper with a key handler would be a fake control to screen readers.
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (!document.activeElement || document.activeElement === document.body || root.current?.contains(document.activeElement)) {
        toggle.current?.focus();
      }
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  async function share() {
    if (!native || open) {
      setOpen((was) => !was);
      return;
    }
    try {
      await navigator.share({ title, text, url });
    } catch (error) {
      // AbortError: the person closed the sheet, which is an answer. Anything else (no user gesture,
      // a desktop without share targets) still deserves a way to share.
      if ((error as Error).name !== 'AbortError') setOpen(true);
    }
  }

  async function copy() {
    setOpen(false);
    toggle.current?.focus();
    try {
      await navigator.clipboard.writeText(url);
      toast.success(translate('shell.share.copied'));
    } catch {
      toast.error(translate('shell.share.copyFailed'));
    }
  }

  return (
    <div ref={root} className={`share${className ? ` ${className}` : ''}`}>
      <button
        ref={toggle}
        type="button"
        className="button button--secondary share__toggle"
        aria-expanded={native && !open ? undefined : open}
        aria-controls={open ? menuId : undefined}
        onClick={() => void share()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M18 8a3 3 0 1 0-2.9-3.7L8.6 7.6a3 3 0 1 0 0 4.8l6.5 3.3A3 3 0 1 0 16 14l-6.5-3.3a3 3 0 0 0 0-1.4L16 6a3 3 0 0 0 2 2z"
            fill="currentColor"
          />
        </svg>
        {t('shell.share.button')} <span className="visually-hidden">{title}</span>
      </button>
      {open && (
        <ul id={menuId} className="share__menu">
          <li>
            <button type="button" className="share__item" onClick={() => void copy()}>
              {t('shell.share.copyLink')}
            </button>
          </li>
          {shareLinks(title, url).map((link) => (
            <li key={link.name}>
              <a className="share__item" href={link.href} target="_blank" rel="noopener" onClick={() => setOpen(false)}>
                {link.name} <span className="visually-hidden">{t('shell.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
