/**
 * A page the server painted (a shared cause, the cause list, the landing hero) is readable and its
 * links work before any of the app's JavaScript runs. For a visitor with nothing on this device (no
 * session, no cart), the app starts only when they first touch, scroll, type or move the mouse: a
 * cheap phone then spends its first seconds showing the page instead of evaluating React.
 *
 * Until the app's first render replaces the painted page, this keeps what the visitor did on it:
 * the focused control, text typed into a field, and a button they pressed (pressed again once the
 * app's own button is there). A link to another painted page navigates as a plain link; a link to
 * any other screen of the app (Donate → /donation) is held and followed by the app once it is up:
 * as a plain link it would load a new document that starts the app again, a second or more on a
 * slow line. If the app cannot load, the link is followed as a plain link after all.
 */
import { isPaintedPath } from '../../shared/painted-pages';

// 'change' too: a select can be changed without a pointer or focus event first (assistive tech, automation).
const WAKE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin', 'change'] as const;
const PENDING_CLASS = 'takeover-pending';
const GIVE_UP_MS = 10_000;
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** How to find "the same control" in the app's markup: its id, its link target, or its words. */
export interface Locator {
  id: string;
  href: string | null;
  tag: string;
  text: string;
}

export function locate(element: Element): Locator {
  return { id: element.id, href: element.getAttribute('href'), tag: element.tagName, text: element.textContent?.trim() ?? '' };
}

/** The app's control matching `locator`: same id, else same link target, else same words (a link may become a button). */
export function find(root: ParentNode, locator: Locator): HTMLElement | null {
  const candidates = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const textOf = (el: HTMLElement) => el.textContent?.trim() ?? '';
  return (
    (locator.id ? candidates.find((el) => el.id === locator.id) : undefined) ??
    (locator.href ? candidates.find((el) => el.getAttribute('href') === locator.href) : undefined) ??
    (locator.text ? candidates.find((el) => el.tagName === locator.tag && textOf(el) === locator.text) : undefined) ??
    (locator.text ? candidates.find((el) => textOf(el) === locator.text) : undefined) ??
    null
  );
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
function typeInto(field: HTMLElement, value: string): void {
  const prototype =
    field instanceof HTMLSelectElement
      ? HTMLSelectElement.prototype
      : field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Resolves on the visitor's next touch, scroll, key press, mouse move or focus. */
export function nextInteraction(): Promise<void> {
  return new Promise<void>((resolve) => {
    const wake = () => {
      for (const type of WAKE_EVENTS) window.removeEventListener(type, wake, true);
      resolve();
    };
    for (const type of WAKE_EVENTS) window.addEventListener(type, wake, { capture: true, passive: true });
  });
}

export interface Takeover {
  /** Resolves on the visitor's first interaction with the painted page. */
  woken: Promise<void>;
  /**
   * The app follows held links from now on with `follow`; answers the one the visitor tapped before (or null),
   * which the app opens instead of the painted page.
   */
  followLinks(follow: (href: string) => void): string | null;
  /** The app could not load: the held link, if any, for the browser to follow as a plain link. */
  heldLink(): string | null;
  /** Call right before the app's first render into `root`: restores focus, fields and a pressed button after it. */
  handOver(root: HTMLElement): void;
}

/** A same-window tap on a link into the app that no painted page answers (no new tab, no download, no other site). */
function appLink(event: MouseEvent, target: EventTarget | null): { anchor: HTMLAnchorElement; href: string } | null {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || anchor.target || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || isPaintedPath(url.pathname)) return null;
  return { anchor, href: `${url.pathname}${url.search}${url.hash}` };
}

export function awaitVisitor(root: HTMLElement): Takeover {
  const painted = root.firstElementChild;
  let focused: Locator | null = null;
  let pressed: Locator | null = null;
  let link: string | null = null;
  let follow: ((href: string) => void) | null = null;
  const typed = new Map<string, string>();

  const onFocus = (event: Event) => {
    focused = event.target instanceof Element ? locate(event.target) : null;
  };
  const onInput = (event: Event) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) && field.id) {
      typed.set(field.id, field.value);
    }
  };
  const onClick = (event: Event) => {
    const tapped = event instanceof MouseEvent ? appLink(event, event.target) : null;
    if (tapped) {
      event.preventDefault();
      tapped.anchor.classList.add(PENDING_CLASS);
      tapped.anchor.setAttribute('aria-busy', 'true');
      if (follow) follow(tapped.href);
      else link = tapped.href;
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.disabled) return;
    pressed = locate(button);
    button.classList.add(PENDING_CLASS);
    button.setAttribute('aria-busy', 'true');
  };
  root.addEventListener('focusin', onFocus);
  root.addEventListener('input', onInput);
  root.addEventListener('click', onClick);

  const woken = nextInteraction();

  function stopListening(): void {
    root.removeEventListener('focusin', onFocus);
    root.removeEventListener('input', onInput);
    root.removeEventListener('click', onClick);
  }

  /** Puts back what it can find in the app's markup; true once nothing is left to put back. */
  function restore(): boolean {
    for (const [id, value] of typed) {
      const field = find(root, { id, href: null, tag: '', text: '' });
      if (!field) continue;
      typeInto(field, value);
      typed.delete(id);
    }
    if (focused) {
      const control = find(root, focused);
      // Only if the visitor has not moved on to something else in the meantime.
      if (control && (document.activeElement === document.body || document.activeElement === null)) control.focus();
      if (control) focused = null;
    }
    if (pressed) {
      const control = find(root, pressed);
      if (control) pressed = null;
      control?.click();
    }
    return typed.size === 0 && !focused && !pressed;
  }

  return {
    woken,
    followLinks(next) {
      follow = next;
      const held = link;
      link = null;
      return held;
    },
    heldLink() {
      const held = link;
      link = null;
      return held;
    },
    handOver(target) {
      if (!painted) return stopListening();
      // React's first commit empties the root: from then on, each change may bring the controls to put back
      // (the route's own chunk can come a moment after the first commit). Whatever has not appeared after
      // a few seconds is dropped rather than pressed by surprise later.
      const observer = new MutationObserver(() => {
        if (painted.isConnected) return;
        stopListening();
        if (restore()) observer.disconnect();
      });
      observer.observe(target, { childList: true, subtree: true });
      setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    },
  };
}
