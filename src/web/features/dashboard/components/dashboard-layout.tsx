import { useEffect, useState, type ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Logo } from '../../../components/layout/logo';
import { useLogout } from '../../../lib/use-logout';
import { session } from '../../../stores/session-store';
import { useCartCount } from '../../../components/notifications-badge/use-cart-count';
import { CartBadge, NotificationBadge } from '../../../components/notifications-badge/notification-badge';
import { accountState, displayName, loadAccount, roleLabel } from '../account-store';
import { Avatar } from './avatar';
import '../dashboard.css';

interface NavItem {
  to: string;
  label: string;
}

/** Spec §2 sidebar targets, plus the admin screens for admins. */
const NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/desktoppage', label: 'Favorites' },
  { to: '/notificationspage', label: 'Notifications' },
  { to: '/causelistpage', label: 'Causes' },
  { to: '/causes/create', label: 'Create a cause' },
  { to: '/profilepage', label: 'Profile' },
  { to: '/profilesettings', label: 'Settings' },
];
const ADMIN_NAV: NavItem[] = [
  { to: '/admindashboard', label: 'Admin dashboard' },
  { to: '/causereviewpage', label: 'Review causes' },
  { to: '/adminwithdrawals', label: 'Withdrawals' },
  { to: '/adminpayments', label: 'Flagged payments' },
  { to: '/admindonations', label: 'Donations and refunds' },
  { to: '/adminmail', label: 'Outgoing mail' },
  { to: '/adminaudit', label: 'Audit trail' },
];
/** Organizers (anyone with a cause) get their causes' withdrawals. */
const ORGANIZER_NAV: NavItem[] = [{ to: '/withdrawals', label: 'Your withdrawals' }];

/** The profile card: the signed-in user's real name and role (replaces the spec's hard-coded 'Admin'). */
export function ProfileCard() {
  const { profile, causesCreated } = useSnapshot(accountState);
  const { name, email, role } = useSnapshot(session);
  const fullName = displayName(profile, name, email);
  return (
    // Named explicitly: on narrow phones only the avatar shows.
    <Link to="/profilepage" className="profile-card" aria-label={`${fullName}, ${roleLabel(role, causesCreated)}`}>
      <Avatar src={profile?.profile_picture} size={40} />
      <span className="profile-card__text">
        <span className="profile-card__name">{fullName}</span>
        <span className="visually-hidden">, </span>
        <span className="profile-card__role">{roleLabel(role, causesCreated)}</span>
      </span>
    </Link>
  );
}

/**
 * The signed-in shell: sidebar (collapsed behind a Menu button on phones), a top bar with an
 * optional search slot, the live notification and cart badges and the profile card, then the page.
 */
export function DashboardLayout({ children, search }: { children: ReactNode; search?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { role } = useSnapshot(session);
  const cartCount = useCartCount();
  const logout = useLogout();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { causesCreated } = useSnapshot(accountState);
  const own = causesCreated && causesCreated > 0 ? ORGANIZER_NAV : [];
  const items = [...NAV, ...own, ...(role === 'admin' ? ADMIN_NAV : [])];

  useEffect(() => {
    void loadAccount();
  }, []);
  // A navigation closes the phone menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="account-shell">
      <aside className={open ? 'account-sidebar is-open' : 'account-sidebar'}>
        <div className="account-sidebar__head">
          <Link to="/" className="brand">
            <Logo />
            <span>Boafo</span>
          </Link>
          <button
            type="button"
            className="nav-toggle account-sidebar__toggle"
            aria-expanded={open}
            aria-controls="account-nav"
            onClick={() => setOpen(!open)}
          >
            Menu
          </button>
        </div>
        <nav id="account-nav" aria-label="Account" className="account-nav">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} activeOptions={{ exact: true }}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className="account-nav__logout" onClick={logout}>
                Log out
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="account-body">
        <header className="account-topbar">
          <div className="account-topbar__search">{search}</div>
          <div className="account-topbar__actions">
            <NotificationBadge />
            <CartBadge count={cartCount} />
            <ProfileCard />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="account-main">
          {children}
        </main>
      </div>
    </div>
  );
}
