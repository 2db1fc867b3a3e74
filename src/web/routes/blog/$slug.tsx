import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon';

export const Route = createFileRoute('/blog/$slug')({ component: BlogPostPage });

function BlogPostPage() {
  return <ComingSoon title="Blog" />;
}
