import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../stores/toast-store';
import { PushSetupError, readPushState, turnPushOff, turnPushOn, type PushState } from '../lib/push';
import '../notifications.css';

export const PUSH_TEXT = {
  label: 'Push notifications',
  unsupported: 'This browser cannot show push notifications.',
  denied:
    'Notifications are blocked for Boafo in this browser. To turn them on, open the site settings (the icon beside the address), allow Notifications, then reload this page.',
  on: 'On: this device shows a notification when someone donates to your cause or your cause is reviewed, even when Boafo is closed.',
  off: 'Off: turn on to be told about donations and reviews on this device, even when Boafo is closed.',
  turnedOn: 'Push notifications turned on',
  turnedOff: 'Push notifications turned off',
  blocked: 'Notifications are blocked in this browser',
  failed: 'Could not change push notifications',
} as const;

/**
 * 'Notification Settings' for the profile settings side column: one switch for Web Push on this
 * device. The browser's permission prompt appears only when the user flips it on, never on load.
 */
export function NotificationSettings() {
  const id = useId();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void readPushState().then(
      (s) => live && setState(s),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    if (busy || state === null || state === 'unsupported' || state === 'denied') return;
    setBusy(true);
    try {
      const next = state === 'on' ? await turnPushOff() : await turnPushOn();
      setState(next);
      if (next === 'on') toast.success(PUSH_TEXT.turnedOn);
      else if (next === 'denied') toast.warning(PUSH_TEXT.blocked);
      else if (state === 'on') toast.success(PUSH_TEXT.turnedOff);
    } catch (error) {
      toast.error(error instanceof PushSetupError ? error.message : `${PUSH_TEXT.failed}: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const help = state === null ? 'Checking this browser…' : PUSH_TEXT[state];
  return (
    <section className="push-settings" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Notification Settings</h2>
      <label className="push-switch" htmlFor={`${id}-switch`}>
        <span>{PUSH_TEXT.label}</span>
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={state === 'on'}
          disabled={busy || state === null || state === 'unsupported' || state === 'denied'}
          aria-describedby={`${id}-help`}
          aria-busy={busy}
          onChange={() => void toggle()}
        />
      </label>
      <p id={`${id}-help`} role={state === 'denied' ? 'status' : undefined}>
        {busy ? 'Working…' : help}
      </p>
    </section>
  );
}
