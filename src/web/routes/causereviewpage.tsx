import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';
import { requireSignedIn } from '../lib/guards';
import { RequireAdmin } from '../components/require-admin';

export const Route = createFileRoute('/causereviewpage')({ beforeLoad: requireSignedIn, component: CauseReviewPage });

function CauseReviewPage() {
  return (
    <RequireAdmin>
      <ComingSoon title="Cause review" />
    </RequireAdmin>
  );
}
