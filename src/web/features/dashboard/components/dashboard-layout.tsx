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
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { useT } from '../../../lib/i18n';
import '../dashboard.css';

interface NavItem {
  to: string;
  label: WebMessageId;
}

/** Spec §2 sidebar targets, plus the admin screens for admins. */
const NAV: NavItem[] = [
  { to: '/dashboard', label: 'common.nav.dashboard' },
  { to: '/desktoppage', label: 'dashboard.nav.favorites' },
  { to: '/notificationspage', label: 'dashboard.nav.notifications' },
  { to: '/causelistpage', label: 'dashboard.nav.causes' },
  { to: '/causes/create', label: 'dashboard.nav.createCause' },
  { to: '/profilepage', label: 'dashboard.nav.profile' },
  { to: '/profilesettings', label: 'dashboard.nav.settings' },
];
const ADMIN_NAV: NavItem[] = [
  { to: '/admindashboard', label: 'dashboard.nav.adminDashboard' },
  { to: '/causereviewpage', label: 'dashboard.nav.reviewCauses' },
  { to: '/adminwithdrawals', label: 'dashboard.nav.withdrawals' },
  { to: '/adminpayments', label: 'dashboard.nav.flaggedPayments' },
  { to: '/admindonations', label: 'dashboard.nav.donationsAndRefunds' },
  { to: '/adminmail', label: 'dashboard.nav.outgoingMail' },
  { to: '/adminussd', label: 'dashboard.nav.ussdSimulator' },
  { to: '/adminaudit', label: 'dashboard.nav.auditTrail' },
];
/** Organizers (anyone with a cause) get their causes' withdrawals. */
const ORGANIZER_NAV: NavItem[] = [{ to: '/withdrawals', label: 'dashboard.nav.yourWithdrawals' }];
const ROLE_LABELS: Record<ReturnType<typeof roleLabel>, WebMessageId> = {
  Admin: 'dashboard.role.admin',
  Organizer: 'dashboard.role.organizer',
  Donor: 'dashboard.role.donor',
};

/** The profile card: the signed-in user's real name and role (replaces the spec's hard-coded 'Admin'). */
export function ProfileCard() {
  const { profile, causesCreated } = useSnapshot(accountState);
  const { name, email, role } = useSnapshot(session);
  const t = useT();
  const fullName = displayName(profile, name, email);
  const roleText = t(ROLE_LABELS[roleLabel(role, causesCreated)]);
  return (
    // Named explicitly: on narrow phones only the avatar shows.
    <Link to="/profilepage" className="profile-card" aria-label={`${fullName}, ${roleText}`}>
      <Avatar src={profile?.profile_picture} size={40} />
      <span className="profile-card__text">
        <span className="profile-card__name">{fullName}</span>
        <span className="visually-hidden">, </span>
        <span className="profile-card__role">{roleText}</span>
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
  const t = useT();
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
            {t('common.menu')}
          </button>
        </div>
        <nav id="account-nav" aria-label={t('dashboard.nav.label')} className="account-nav">
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} activeOptions={{ exact: true }}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className="account-nav__logout" onClick={logout}>
                {t('common.nav.logOut')}
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
