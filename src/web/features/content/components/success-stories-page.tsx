import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../../shared/dates';
import { PageShell } from '../../../components/layout/page-shell';
import { PendingScreen } from '../../../components/pending-screen';
import { useLocale, useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { ResponsiveImage } from '../../../components/responsive-image';
import { loadContent } from '../api/content-api';
import { SAMPLE_STORIES } from '../lib/sample-content';
import '../content.css';

/** /success-stories: every story, from the server or the device's saved copy. */
export function SuccessStoriesPage() {
  const t = useT();
  const locale = useLocale();
  useDocumentTitle(t('content.stories.title'));
  const { data } = useLoad((signal) => loadContent('success-stories', SAMPLE_STORIES, { signal }), []);

  return (
    <PageShell className="container page">
      <h1>{t('content.stories.title')}</h1>
      <p className="lead">{t('content.stories.lead')}</p>
      {data?.source === 'cache' && (
        <p className="notice" role="status">
          {t('content.stories.offline')}
        </p>
      )}
      {data?.source === 'sample' && (
        <p className="notice" role="status">
          {t('content.stories.sample')}
        </p>
      )}
      {!data ? (
        <PendingScreen />
      ) : data.items.length === 0 ? (
        <p className="empty">{t('content.stories.empty')}</p>
      ) : (
        <ul className="story-list">
          {data.items.map((story) => (
            <li key={story.id} className="story">
              <ResponsiveImage whenSavingData="tap" className="story__image" src={story.image} width={640} height={400} alt="" />
              <div>
                <h2>{story.title}</h2>
                {story.created_at && (
                  <p className="story__date">
                    <time dateTime={story.created_at}>{formatDate(story.created_at, locale)}</time>
                  </p>
                )}
                <p style={{ whiteSpace: 'pre-line' }}>{story.description}</p>
                {story.cause_id && (
                  <Link to="/causes/$id" params={{ id: story.cause_id }}>
                    {t('content.stories.seeCause')}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
