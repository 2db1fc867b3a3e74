import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, the one <main> (target of the skip link) and footer, for screens that use the public layout. */
export function PageShell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={className}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
