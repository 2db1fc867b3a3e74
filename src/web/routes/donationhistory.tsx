import { createFileRoute } from '@tanstack/react-router';
import { DonationHistoryPage } from '../features/history/components/donation-history-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/donationhistory')({ beforeLoad: requireSignedIn, component: DonationHistoryPage });
