import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/donation')({ component: DonationPage });

function DonationPage() {
  return <ComingSoon title="Donate" />;
}
