import { Link, createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';
import { useLogout } from '../lib/use-logout';

export const Route = createFileRoute('/dashboard')({ beforeLoad: requireSignedIn, component: DashboardPage });

/** Placeholder with the sidebar targets of spec §2 so navigation and logout work before the real dashboard. */
function DashboardPage() {
  const logout = useLogout();
  return (
    <ComingSoon title="Dashboard">
      <nav aria-label="Dashboard" className="dashboard-nav">
        <ul>
          <li><Link to="/dashboard">Dashboard</Link></li>
          <li><Link to="/desktoppage">Favorites</Link></li>
          <li><Link to="/notificationspage">Notifications</Link></li>
          <li><Link to="/causelistpage">Causes</Link></li>
          <li><Link to="/causes/create">Create a cause</Link></li>
          <li><Link to="/profilepage">Profile</Link></li>
          <li><Link to="/profilesettings">Settings</Link></li>
          <li><button type="button" className="button button--secondary button--small" onClick={logout}>Log out</button></li>
        </ul>
      </nav>
    </ComingSoon>
  );
}
