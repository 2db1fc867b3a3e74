import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/desktoppage')({ beforeLoad: requireSignedIn, component: FavoritesPage });

function FavoritesPage() {
  return <ComingSoon title="Your Favorites" />;
}
