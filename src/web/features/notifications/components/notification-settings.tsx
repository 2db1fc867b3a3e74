import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../stores/toast-store';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { useT } from '../../../lib/i18n';
import { PushSetupError, readPushState, turnPushOff, turnPushOn, type PushState } from '../lib/push';
import '../notifications.css';

/** What the switch's line says in each state. */
const STATE_TEXT: Record<PushState, WebMessageId> = {
  unsupported: 'notifications.push.unsupported',
  denied: 'notifications.push.denied',
  on: 'notifications.push.on',
  off: 'notifications.push.off',
};

/**
 * 'Notification Settings' for the profile settings side column: one switch for Web Push on this
 * device. The browser's permission prompt appears only when the user flips it on, never on load.
 */
export function NotificationSettings() {
  const id = useId();
  const t = useT();
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
      if (next === 'on') toast.success(t('notifications.push.turnedOn'));
      else if (next === 'denied') toast.warning(t('notifications.push.blocked'));
      else if (state === 'on') toast.success(t('notifications.push.turnedOff'));
    } catch (error) {
      toast.error(error instanceof PushSetupError ? error.message : t('notifications.push.failed', { reason: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  const help = state === null ? t('notifications.push.checking') : t(STATE_TEXT[state]);
  return (
    <section className="push-settings" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('notifications.push.heading')}</h2>
      <label className="push-switch" htmlFor={`${id}-switch`}>
        <span>{t('notifications.push.label')}</span>
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
        {busy ? t('notifications.push.working') : help}
      </p>
    </section>
  );
}
