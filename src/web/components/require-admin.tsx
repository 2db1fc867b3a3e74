import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { session } from '../stores/session-store';
import { PageShell } from './layout/page-shell';
import { useT } from '../lib/i18n';

/** Admin screens: signed-out users are already redirected by requireSignedIn; others see why they cannot enter. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { role } = useSnapshot(session);
  const t = useT();
  if (role === 'admin') return <>{children}</>;
  return (
    <PageShell className="container page page--narrow">
      <h1>{t('shell.accessDenied.title')}</h1>
      <p className="lead">{t('shell.accessDenied.lead')}</p>
      <p>
        <Link to="/">{t('shell.backHome')}</Link>
      </p>
    </PageShell>
  );
}
