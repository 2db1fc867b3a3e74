import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon';

export const Route = createFileRoute('/success-stories')({ component: SuccessStoriesPage });

function SuccessStoriesPage() {
  return <ComingSoon title="Success stories" />;
}
