import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../../shared/dates';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { toast } from '../../../stores/toast-store';
import { listDevices, securityStatus, signOutDevice, signOutOtherDevices } from '../api/security-api';
import '../security.css';

export const DEVICES_TEXT = {
  securityTitle: 'Sign-in and security',
  twoStepOn: 'Two-step sign-in is on.',
  twoStepOff: 'Two-step sign-in is off. Turn it on to protect the money you raise.',
  manageTwoStep: 'Manage two-step sign-in',
  setUpTwoStep: 'Set up two-step sign-in',
  title: 'Signed-in devices',
  loading: 'Loading devices…',
  failed: 'Could not load your devices. Check your connection and try again.',
  thisDevice: 'This device',
  lastUsed: 'last used',
  signOut: 'Sign out',
  signingOut: 'Signing out...',
  signOutOthers: 'Sign out all other devices',
  signedOut: 'Signed out',
  othersSignedOut: 'Every other device was signed out',
  listLabel: 'Devices signed in to your account',
} as const;

/** Profile settings: two-step sign-in's state and the devices signed in, each one signed out on demand. */
export function DevicesSection() {
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const { data: status } = useLoad((signal) => securityStatus(signal), []);
  const { data, failed } = useLoad((signal) => listDevices(signal), [version], { keep: true });
  const devices = data?.results ?? null;
  const others = devices?.filter((d) => !d.current) ?? [];

  async function run(key: string, action: () => Promise<void>, done: string) {
    setBusy(key);
    try {
      await action();
      toast.success(done);
      setVersion((v) => v + 1);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="security-settings" aria-labelledby="security-title">
      <h2 id="security-title">{DEVICES_TEXT.securityTitle}</h2>
      {status ? (
        <p>
          {status.two_step.enabled ? DEVICES_TEXT.twoStepOn : DEVICES_TEXT.twoStepOff}{' '}
          <Link to="/two-step">{status.two_step.enabled ? DEVICES_TEXT.manageTwoStep : DEVICES_TEXT.setUpTwoStep}</Link>
        </p>
      ) : null}
      <h3>{DEVICES_TEXT.title}</h3>
      {devices === null ? (
        failed ? (
          <p className="form-error" role="alert">
            {DEVICES_TEXT.failed}
          </p>
        ) : (
          <LinesSkeleton label={DEVICES_TEXT.loading} />
        )
      ) : (
        <ul className="device-list" aria-label={DEVICES_TEXT.listLabel}>
          {devices.map((d) => (
            <li key={d.id}>
              <span>
                <strong>{d.device}</strong>
                {d.current ? ` · ${DEVICES_TEXT.thisDevice}` : ''}
                <span className="device-list__meta">
                  {d.place}, {DEVICES_TEXT.lastUsed} <time dateTime={d.last_used_at}>{formatDateTime(d.last_used_at)}</time>
                </span>
              </span>
              {d.current ? null : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  aria-label={`${DEVICES_TEXT.signOut}: ${d.device}, ${d.place}`}
                  onClick={() => void run(d.id, () => signOutDevice(d.id), DEVICES_TEXT.signedOut)}
                >
                  {busy === d.id ? DEVICES_TEXT.signingOut : DEVICES_TEXT.signOut}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          onClick={() => void run('others', signOutOtherDevices, DEVICES_TEXT.othersSignedOut)}
        >
          {busy === 'others' ? DEVICES_TEXT.signingOut : DEVICES_TEXT.signOutOthers}
        </button>
      ) : null}
    </section>
  );
}
