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
import '../updates.css';

/** Cause detail: 'Words of support' donors left with paid donations; the organizer (or an admin) may hide one. */
export default function SupportMessages({ cause, offline, canManage }: { cause: Cause; offline: boolean; canManage: boolean }) {
  const id = useId();
  const [hiding, setHiding] = useState<string | null>(null);
  const pages = usePages<SupportMessage>((page, signal) => listMessages(cause.id, page, signal), [cause.id], { enabled: !offline });
  const items = pages.items;

  async function hide(message: SupportMessage) {
    setHiding(message.id);
    try {
      await hideMessage(cause.id, message.id);
      pages.edit((current) => current.filter((m) => m.id !== message.id));
      toast.success('Message hidden.');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not hide the message. Please try again.'));
    } finally {
      setHiding(null);
    }
  }

  return (
    <section className="panel support-messages" aria-labelledby={`${id}-title`} aria-busy={!items && !pages.failed && !offline}>
      <h2 id={`${id}-title`}>Words of support</h2>
      {offline ? (
        <p className="panel__empty">Words of support show when you are online.</p>
      ) : pages.failed ? (
        <p className="panel__empty">
          Could not load the words of support.{' '}
          <button type="button" className="link-button" onClick={pages.retry}>
            Try again
          </button>
        </p>
      ) : !items ? (
        <LinesSkeleton label="Loading words of support…" />
      ) : items.length === 0 ? (
        <p className="panel__empty">No messages yet. Leave one with your donation.</p>
      ) : (
        <>
          <ul className="support-list" aria-label="Words of support">
            {items.map((message) => (
              <li key={message.id} className="support-message">
                <blockquote className="support-message__text">{message.message}</blockquote>
                <p className="support-message__meta">
                  {message.donor_name ?? 'Anonymous donor'} · <time dateTime={message.created_at}>{formatDate(message.created_at)}</time>
                </p>
                {canManage ? (
                  <button
                    type="button"
                    className="link-button"
                    disabled={hiding === message.id}
                    aria-label={`Hide the message from ${message.donor_name ?? 'an anonymous donor'}`}
                    onClick={() => void hide(message)}
                  >
                    Hide
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
