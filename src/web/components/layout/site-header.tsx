import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session-store';
import { useLogout } from '../../lib/use-logout';
import { useT } from '../../lib/i18n';
import { LanguageSwitcher } from '../language-switcher';
import { Logo } from './logo';

/** The landing nav bar (spec §2), shared by every public screen. Signed-in users get Dashboard instead of Log in. */
export function SiteHeader() {
  const { access } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const t = useT();
  const close = () => setOpen(false);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" onClick={close}>
          <Logo />
          <span>Boafo</span>
        </Link>
        <LanguageSwitcher className="site-header__language" id="site-language" />
        <button type="button" className="nav-toggle" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen(!open)}>
          {t('common.menu')}
        </button>
        <nav id="site-nav" aria-label={t('common.nav.label')} className={open ? 'site-nav is-open' : 'site-nav'}>
          <ul>
            <li>
              <Link to="/" activeOptions={{ exact: true }} onClick={close}>
                {t('common.nav.home')}
              </Link>
            </li>
            <li>
              <Link to="/causelistpage" onClick={close}>
                {t('common.nav.services')}
              </Link>
            </li>
            <li>
              <Link to="/signup" onClick={close}>
                {t('common.nav.joinUs')}
              </Link>
            </li>
            <li>
              <a href="#contact" onClick={close}>
                {t('common.nav.contact')}
              </a>
            </li>
            {access ? (
              <>
                <li>
                  <Link to="/dashboard" onClick={close}>
                    {t('common.nav.dashboard')}
                  </Link>
                </li>
                <li>
                  <button type="button" className="link-button" onClick={logout}>
                    {t('common.nav.logOut')}
                  </button>
                </li>
              </>
            ) : (
              <li>
                <Link to="/sign-in" onClick={close}>
                  {t('common.nav.logIn')}
                </Link>
              </li>
            )}
            <li>
              <Link to="/causelistpage" className="button button--primary" onClick={close}>
                {t('common.nav.donate')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
