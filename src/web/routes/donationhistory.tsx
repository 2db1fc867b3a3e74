import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/donationhistory')({ beforeLoad: requireSignedIn, component: DonationHistoryPage });

function DonationHistoryPage() {
  return <ComingSoon title="Donation history" />;
}
