import { Outlet, createRootRoute } from '@tanstack/react-router';
import { Toaster } from '../components/toasts/toaster';
import { UnexpectedErrorScreen } from '../components/error-screens';
import { LandingPage } from '../features/landing/components/landing-page';
import { OfflineBanner } from '../features/offline/components/offline-banner';
import { SyncDock } from '../features/offline/components/sync-dock';
import { InstallButton } from '../features/pwa/components/install-button';
import { UpdatePrompt } from '../features/pwa/components/update-prompt';
import { useT } from '../lib/i18n';
import { StepUpHost } from '../features/security/components/step-up-host';

function RootLayout() {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <OfflineBanner />
      <UpdatePrompt />
      <Outlet />
      <aside className="app-dock" aria-label={t('common.syncStatus')}>
        <SyncDock />
        <InstallButton />
      </aside>
      <Toaster />
      <StepUpHost />
    </>
  );
}

export const Route = createRootRoute({
  component: RootLayout,
  errorComponent: UnexpectedErrorScreen,
  // Spec §2: any unknown path shows the landing page.
  notFoundComponent: LandingPage,
});
