import { createFileRoute } from '@tanstack/react-router';
import { loadAccount } from '../features/dashboard/account-store';
import { DashboardLayout } from '../features/dashboard/components/dashboard-layout';
import { ProfileSettingsForm } from '../features/profile/components/profile-settings-form';
import { WithdrawalDetailsSection } from '../features/payouts/components/withdrawal-details-section';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/organizerprofilesettings')({ beforeLoad: requireSignedIn, component: OrganizerProfileSettingsPage });

/** The same form as /profilesettings without the side items (spec §2). */
function OrganizerProfileSettingsPage() {
  return (
    <DashboardLayout>
      <ProfileSettingsForm
        variant="organizer"
        onSaved={() => void loadAccount(true)}
        withdrawalDetails={(current, ready) => <WithdrawalDetailsSection current={current} ready={ready} />}
      />
    </DashboardLayout>
  );
}
