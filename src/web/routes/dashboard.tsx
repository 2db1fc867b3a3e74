import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { requireSignedIn } from '../lib/guards';

export const Route = createFileRoute('/dashboard')({ beforeLoad: requireSignedIn, component: DashboardPage });
