import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageShell } from './layout/page-shell';
import { useT } from '../lib/i18n';

/** Screens later issues build: a clear message instead of a blank page. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  const t = useT();
  return (
    <PageShell className="container page page--narrow">
      <h1>{title}</h1>
      <p className="lead">{t('shell.comingSoon')}</p>
      {children}
      <p>
        <Link to="/">{t('shell.backHome')}</Link>
      </p>
    </PageShell>
  );
}
