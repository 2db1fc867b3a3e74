import { useId, useState } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import type { SupportMessage } from '../../../../shared/contract/updates';
import { formatDate } from '../../../../shared/dates';
import { errorMessage } from '../../../lib/api-client';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { toast } from '../../../stores/toast-store';
import { hideMessage, listMessages } from '../api/updates-api';
import { usePages } from '../../../lib/use-pages';
import { LoadMore } from '../../../components/load-more';
import { slot } from '../../../../shared/i18n/slots';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import '../updates.css';

/** Cause detail: 'Words of support' donors left with paid donations; the organizer (or an admin) may hide one. */
export default function SupportMessages({ cause, offline, canManage }: { cause: Cause; offline: boolean; canManage: boolean }) {
  const id = useId();
  const [hiding, setHiding] = useState<string | null>(null);
  const t = useT();
  const locale = useLocale();
  const pages = usePages<SupportMessage>((page, signal) => listMessages(cause.id, page, signal), [cause.id], { enabled: !offline });
  const items = pages.items;

  async function hide(message: SupportMessage) {
    setHiding(message.id);
    try {
      await hideMessage(cause.id, message.id);
      pages.edit((current) => current.filter((m) => m.id !== message.id));
      toast.success(t('updates.support.hidden'));
    } catch (error) {
      toast.error(errorMessage(error, t('updates.support.hideFailed')));
    } finally {
      setHiding(null);
    }
  }

  return (
    <section className="panel support-messages" aria-labelledby={`${id}-title`} aria-busy={!items && !pages.failed && !offline}>
      <h2 id={`${id}-title`}>{t('updates.support.title')}</h2>
      {offline ? (
        <p className="panel__empty">{t('updates.support.offline')}</p>
      ) : pages.failed ? (
        <p className="panel__empty">
          {t('updates.support.loadFailed')}{' '}
          <button type="button" className="link-button" onClick={pages.retry}>
            {t('updates.retry')}
          </button>
        </p>
      ) : !items ? (
        <LinesSkeleton label={t('updates.support.loading')} />
      ) : items.length === 0 ? (
        <p className="panel__empty">{t('updates.support.empty')}</p>
      ) : (
        <>
          <ul className="support-list" aria-label={t('updates.support.title')}>
            {items.map((message) => (
              <li key={message.id} className="support-message">
                <blockquote className="support-message__text">{message.message}</blockquote>
                <p className="support-message__meta">
                  {withElements(
                    t('updates.support.meta', { name: message.donor_name ?? t('updates.support.anonymous'), date: slot('date') }),
                    { date: <time dateTime={message.created_at}>{formatDate(message.created_at, locale)}</time> },
                  )}
                </p>
                {canManage ? (
                  <button
                    type="button"
                    className="link-button"
                    disabled={hiding === message.id}
                    aria-label={
                      message.donor_name ? t('updates.support.hideFrom', { name: message.donor_name }) : t('updates.support.hideAnonymous')
                    }
                    onClick={() => void hide(message)}
                  >
                    {t('updates.support.hide')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          <LoadMore pages={pages} className="feed-more" />
        </>
      )}
    </section>
  );
}
