import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/multidonation')({ component: MultiDonationPage });

function MultiDonationPage() {
  return <ComingSoon title="Donate to several causes" />;
}
