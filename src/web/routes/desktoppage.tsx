import { createFileRoute } from '@tanstack/react-router';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { FavoritesPage } from '../features/favorites/components/favorites-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/desktoppage')({ beforeLoad: requireSignedIn, component: DesktopPage });

/** Spec §2 /desktoppage: 'Your Favorites' inside the signed-in shell. */
function DesktopPage() {
  return (
    <DashboardLayout>
      <FavoritesPage />
    </DashboardLayout>
  );
}
