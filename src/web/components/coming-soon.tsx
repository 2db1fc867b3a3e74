import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageShell } from './layout/page-shell';

/** Screens later issues build: a clear message instead of a blank page. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <PageShell className="container page page--narrow">
      <h1>{title}</h1>
      <p className="lead">This screen is coming soon.</p>
      {children}
      <p>
        <Link to="/">Back to home</Link>
      </p>
    </PageShell>
  );
}
