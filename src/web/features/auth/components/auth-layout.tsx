import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../../components/layout/logo';
import { useT } from '../../../lib/i18n';
import '../auth.css';

/** Auth screens: a slim header with Sign In and Sign Up links (spec §2), then a centred card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to="/" className="brand">
            <Logo />
            <span>Boafo</span>
          </Link>
          <nav aria-label={t('account.nav.label')}>
            <ul className="auth-nav">
              <li>
                <Link to="/sign-in">{t('account.nav.signIn')}</Link>
              </li>
              <li>
                <Link to="/signup">{t('account.nav.signUp')}</Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="auth-page">
        <div className="auth-card">
          <h1>{title}</h1>
          {children}
        </div>
      </main>
    </>
  );
}
