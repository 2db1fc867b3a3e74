import { createFileRoute } from '@tanstack/react-router';
import { SuccessStoriesPage } from '../features/content/components/success-stories-page';

export const Route = createFileRoute('/success-stories')({ component: SuccessStoriesPage });
