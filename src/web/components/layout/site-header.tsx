import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session-store';
import { useLogout } from '../../lib/use-logout';
import { Logo } from './logo';

/** The landing nav bar (spec §2), shared by every public screen. Signed-in users get Dashboard instead of Log in. */
export function SiteHeader() {
  const { access } = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const close = () => setOpen(false);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand" onClick={close}>
          <Logo />
          <span>Boafo</span>
        </Link>
        <button type="button" className="nav-toggle" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen(!open)}>
          Menu
        </button>
        <nav id="site-nav" aria-label="Main" className={open ? 'site-nav is-open' : 'site-nav'}>
          <ul>
            <li>
              <Link to="/" activeOptions={{ exact: true }} onClick={close}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/causelistpage" onClick={close}>
                Services
              </Link>
            </li>
            <li>
              <Link to="/signup" onClick={close}>
                Join us
              </Link>
            </li>
            <li>
              <a href="#contact" onClick={close}>
                Contact us
              </a>
            </li>
            {access ? (
              <>
                <li>
                  <Link to="/dashboard" onClick={close}>
                    Dashboard
                  </Link>
                </li>
                <li>
                  <button type="button" className="link-button" onClick={logout}>
                    Log out
                  </button>
                </li>
              </>
            ) : (
              <li>
                <Link to="/sign-in" onClick={close}>
                  Log in
                </Link>
              </li>
            )}
            <li>
              <Link to="/causelistpage" className="button button--primary" onClick={close}>
                Donate
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
