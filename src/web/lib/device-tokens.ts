import { STORAGE_KEYS } from './storage-keys';

/**
 * "Remember this device": the token the second step answered, kept per email in localStorage and
 * sent with the next sign-in of that email, so this device skips the code for 30 days. Signing
 * out keeps it; the server forgets it when the device is signed out from the devices list.
 */
function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.deviceTokens) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function deviceTokenFor(email: string): string | undefined {
  const token = read()[email.trim().toLowerCase()];
  return typeof token === 'string' ? token : undefined;
}

export function rememberDeviceToken(email: string, token: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.deviceTokens, JSON.stringify({ ...read(), [email.trim().toLowerCase()]: token }));
  } catch {
    // private modes may refuse storage: the code is asked next time
  }
}
