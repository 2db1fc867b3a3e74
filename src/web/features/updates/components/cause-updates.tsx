import { useId } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import type { CauseUpdate } from '../../../../shared/contract/updates';
import { formatDate } from '../../../../shared/dates';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { ResponsiveImage } from '../../../components/responsive-image';
import { listUpdates, storedUpdates } from '../api/updates-api';
import { usePages } from '../../../lib/use-pages';
import { LoadMore } from '../../../components/load-more';
import { useLocale, useT } from '../../../lib/i18n';
import { PostUpdateForm } from './post-update-form';
import '../updates.css';

function UpdateItem({ update }: { update: CauseUpdate }) {
  const locale = useLocale();
  return (
    <li className="cause-update">
      <p className="cause-update__meta">
        <time dateTime={update.created_at}>{formatDate(update.created_at, locale)}</time>
        {update.author_name ? ` · ${update.author_name}` : null}
      </p>
      <p className="cause-update__body">{update.body}</p>
      {update.image ? (
        <ResponsiveImage
          whenSavingData="tap"
          className="cause-update__image"
          src={update.image}
          sizesMap={update.image_sizes}
          width={640}
          height={360}
          sizes="(max-width: 40rem) 100vw, 640px"
          alt=""
        />
      ) : null}
    </li>
  );
}

/**
 * Cause detail: 'Updates', newest first with 'Load more'. Offline it shows the updates this device
 * kept when it last read them; the organizer (or an admin) posts new ones here when online.
 */
export default function CauseUpdates({ cause, offline, canManage }: { cause: Cause; offline: boolean; canManage: boolean }) {
  const id = useId();
  const t = useT();
  const pages = usePages<CauseUpdate>((page, signal) => listUpdates(cause.id, page, signal), [cause.id], {
    enabled: !offline,
    fallback: () => storedUpdates(cause.id),
  });
  const items = pages.items;

  return (
    <section className="panel cause-updates" aria-labelledby={`${id}-title`} aria-busy={!items && !pages.failed}>
      <h2 id={`${id}-title`}>{t('updates.title')}</h2>
      {canManage && !offline ? (
        <PostUpdateForm causeId={cause.id} causeTitle={cause.name} onPosted={(update) => pages.edit((current) => [update, ...current])} />
      ) : null}
      {pages.failed ? (
        <p className="panel__empty">
          {t('updates.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={pages.retry}>
            {t('updates.retry')}
          </button>
        </p>
      ) : !items ? (
        <LinesSkeleton label={t('updates.loading')} />
      ) : items.length === 0 ? (
        <p className="panel__empty">{offline ? t('updates.emptyOffline') : t('updates.empty')}</p>
      ) : (
        <>
          {offline ? <p className="field__hint">{t('updates.offline')}</p> : null}
          <ul className="cause-update-list" aria-label={t('updates.title')}>
            {items.map((update) => (
              <UpdateItem key={update.id} update={update} />
            ))}
          </ul>
          <LoadMore pages={pages} className="feed-more" />
        </>
      )}
    </section>
  );
}
