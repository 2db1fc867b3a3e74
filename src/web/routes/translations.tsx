import { createFileRoute } from '@tanstack/react-router';
import { TranslationsPage } from '../features/content/components/translations-page';

export const Route = createFileRoute('/translations')({ component: TranslationsPage });
