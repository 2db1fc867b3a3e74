import { createFileRoute } from '@tanstack/react-router';
import { loadAccount } from '../features/dashboard/account-store';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { ProfileSettingsForm } from '../features/profile/components/profile-settings-form';
import { WithdrawalDetailsSection } from '../features/payouts/components/withdrawal-details-section';
import { NotificationSettings } from '../features/notifications/components/notification-settings';
import { DevicesSection } from '../features/security/components/devices-section';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/profilesettings')({ beforeLoad: requireSignedIn, component: ProfileSettingsPage });

function ProfileSettingsPage() {
  return (
    <DashboardLayout>
      {/* Saving refreshes the profile card in the shell (name and picture). */}
      <ProfileSettingsForm
        variant="main"
        onSaved={() => void loadAccount(true)}
        withdrawalDetails={(current, ready) => <WithdrawalDetailsSection current={current} ready={ready} />}
        side={
          <>
            <NotificationSettings />
            <DevicesSection />
          </>
        }
      />
    </DashboardLayout>
  );
}
