import { proxy } from 'valtio';

/** What the app shell offers: reloading into a waiting new version, and installing the app. */
export const pwaState = proxy({ updateAvailable: false, canInstall: false });

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installEvent: BeforeInstallPromptEvent | null = null;
let activateUpdate: (() => void) | null = null;

/**
 * Must run before the first render: browsers may fire beforeinstallprompt early, once.
 * We hold the event so the install button (only shown when it arrived) can trigger it.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar; our button asks instead
    installEvent = event as BeforeInstallPromptEvent;
    pwaState.canInstall = true;
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    pwaState.canInstall = false;
  });
}

export async function promptInstall(): Promise<void> {
  const event = installEvent;
  if (!event) return;
  installEvent = null; // a prompt event can be used once
  pwaState.canInstall = false;
  await event.prompt();
}

/** Called by the worker registration when a new version is waiting. */
export function offerUpdate(activate: () => void): void {
  activateUpdate = activate;
  pwaState.updateAvailable = true;
}

export function applyUpdate(): void {
  activateUpdate?.();
}
