import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../../../shared/dates';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { toast } from '../../../stores/toast-store';
import { listDevices, securityStatus, signOutDevice, signOutOtherDevices } from '../api/security-api';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { slot } from '../../../../shared/i18n/slots';
import '../security.css';

/** Profile settings: two-step sign-in's state and the devices signed in, each one signed out on demand. */
export function DevicesSection() {
  const t = useT();
  const locale = useLocale();
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
      <h2 id="security-title">{t('security.devices.securityTitle')}</h2>
      {status ? (
        <p>
          {status.two_step.enabled ? t('security.devices.twoStepOn') : t('security.devices.twoStepOff')}{' '}
          <Link to="/two-step">{status.two_step.enabled ? t('security.devices.manageTwoStep') : t('security.devices.setUpTwoStep')}</Link>
        </p>
      ) : null}
      <h3>{t('security.devices.title')}</h3>
      {devices === null ? (
        failed ? (
          <p className="form-error" role="alert">
            {t('security.devices.failed')}
          </p>
        ) : (
          <LinesSkeleton label={t('security.devices.loading')} />
        )
      ) : (
        <ul className="device-list" aria-label={t('security.devices.listLabel')}>
          {devices.map((d) => (
            <li key={d.id}>
              <span>
                <strong>{d.device}</strong>
                {d.current ? ` · ${t('security.devices.thisDevice')}` : ''}
                <span className="device-list__meta">
                  {withElements(t('security.devices.lastUsed', { place: d.place, time: slot('time') }), {
                    time: <time dateTime={d.last_used_at}>{formatDateTime(d.last_used_at, locale)}</time>,
                  })}
                </span>
              </span>
              {d.current ? null : (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  aria-label={t('security.devices.signOutDevice', { device: d.device, place: d.place })}
                  onClick={() => void run(d.id, () => signOutDevice(d.id), t('security.devices.signedOut'))}
                >
                  {busy === d.id ? t('security.devices.signingOut') : t('security.devices.signOut')}
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
          onClick={() => void run('others', signOutOtherDevices, t('security.devices.othersSignedOut'))}
        >
          {busy === 'others' ? t('security.devices.signingOut') : t('security.devices.signOutOthers')}
        </button>
      ) : null}
    </section>
  );
}
