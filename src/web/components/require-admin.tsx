import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { session } from '../stores/session-store';
import { PageShell } from './layout/page-shell';

/** Admin screens: signed-out users are already redirected by requireSignedIn; others see why they cannot enter. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { role } = useSnapshot(session);
  if (role === 'admin') return <>{children}</>;
  return (
    <PageShell className="container page page--narrow">
      <h1>Access denied</h1>
      <p className="lead">You do not have access to this page.</p>
      <p>
        <Link to="/">Back to home</Link>
      </p>
    </PageShell>
  );
}
