import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { isSignedIn } from '../stores/session-store';

/**
 * beforeLoad guard for screens that need a signed-in user. The server enforces permissions
 * too; this only saves a round trip that would end in a 401 and sends the user back afterwards.
 */
export function requireSignedIn({ location }: { location: ParsedLocation }): void {
  if (!isSignedIn()) {
    throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  }
}
