import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhanaMobile } from '../../../../shared/phone';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { getOutgoingMail, listOutgoingMail, type AdminMail, type MailStatus, type OutboxChannel } from '../api/admin-api';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { slot } from '../../../../shared/i18n/slots';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { NewsletterIssueForm } from './newsletter-issue-form';
import '../admin.css';

const FILTERS: { value: MailStatus | ''; label: WebMessageId }[] = [
  { value: '', label: 'admin.mail.filter.all' },
  { value: 'kept', label: 'admin.mail.filter.keptOrLogged' },
  { value: 'pending', label: 'admin.mail.filter.pending' },
  { value: 'sent', label: 'admin.mail.filter.sent' },
  { value: 'failed', label: 'admin.mail.filter.failed' },
];

const CHANNELS: { value: OutboxChannel | ''; label: WebMessageId }[] = [
  { value: '', label: 'admin.mail.channel.all' },
  { value: 'mail', label: 'admin.mail.channel.mail' },
  { value: 'sms', label: 'admin.mail.channel.sms' },
];

const STATUS_LABEL: Record<MailStatus, WebMessageId> = {
  kept: 'admin.mail.status.kept',
  pending: 'admin.mail.status.pending',
  sending: 'admin.mail.status.sending',
  sent: 'admin.mail.status.sent',
  failed: 'admin.mail.status.failed',
};

/** One message; its text is fetched when opened and shown as plain text (the HTML is never rendered here). */
function MailItem({ mail }: { mail: AdminMail }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const bodyId = `mail-body-${mail.id}`;
  const t = useT();
  const locale = useLocale();

  useEffect(() => {
    if (!open || text !== null) return;
    const controller = new AbortController();
    getOutgoingMail(mail.id, controller.signal).then(
      (full) => setText(full.text),
      (error: unknown) => !controller.signal.aborted && setProblem(errorMessage(error, t('admin.mail.messageFailed'))),
    );
    return () => controller.abort();
  }, [open, text, mail.id, t]);

  return (
    <li className="flagged-item">
      <div className="flagged-item__top">
        <strong>{mail.subject}</strong>
        <span className={`mail-status mail-status--${mail.status}`}>
          {Object.hasOwn(STATUS_LABEL, mail.status) ? t(STATUS_LABEL[mail.status]) : mail.status}
        </span>
      </div>
      <p className="mail-meta">
        {mail.channel === 'sms' ? t('admin.mail.smsPrefix', { count: mail.segments ?? 1, kind: mail.kind }) : t('admin.mail.mailPrefix')}
        {withElements(t('admin.mail.to', { to: mail.channel === 'sms' ? formatGhanaMobile(mail.to) : mail.to, date: slot('date') }), {
          date: <time dateTime={mail.created_at}>{formatDateTime(mail.created_at, locale)}</time>,
        })}
        {mail.attempts > 1 ? t('admin.mail.attempts', { count: mail.attempts }) : ''}
        {mail.last_error ? t('admin.mail.lastError', { error: mail.last_error }) : ''}
      </p>
      <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        {open ? t('admin.mail.hide') : t('admin.mail.read')}
      </button>
      <div id={bodyId} hidden={!open}>
        {open ? (
          problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : text === null ? (
            <LinesSkeleton label={t('admin.mail.loadingMessage')} />
          ) : (
            <pre className="mail-text">{text}</pre>
          )
        ) : null}
      </div>
    </li>
  );
}

/**
 * /adminmail: everything the server queued to send, mail and texts. With no SMTP server configured
 * mail is kept here (so an admin can still pass a reset link on), and with SMS_PROVIDER=log the texts.
 */
export function OutgoingMailPage() {
  const t = useT();
  useDocumentTitle(t('admin.mail.title'));
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [channel, setChannel] = useState<OutboxChannel | ''>('');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  // Another page or a sent issue keeps the list shown meanwhile; another filter starts from the skeleton.
  const { data, failed, setData } = useLoad(
    (signal) => listOutgoingMail(status || null, page, signal, channel || null),
    [status, channel, page, version],
    {
      keep: true,
    },
  );
  const items = data?.results ?? (failed ? [] : null);
  const hasNext = Boolean(data?.next);

  const list = items ?? [];
  return (
    <div className="admin-page">
      <h1>{t('admin.mail.title')}</h1>
      <NewsletterIssueForm onSent={() => setVersion((v) => v + 1)} />
      <label className="mail-filter">
        {t('admin.mail.show')}{' '}
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as MailStatus | '');
            setPage(1);
            setData(undefined);
          }}
        >
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {t(f.label)}
            </option>
          ))}
        </select>
      </label>
      <label className="mail-filter">
        {t('admin.mail.channel.label')}{' '}
        <select
          value={channel}
          onChange={(e) => {
            setChannel(e.target.value as OutboxChannel | '');
            setPage(1);
            setData(undefined);
          }}
        >
          {CHANNELS.map((c) => (
            <option key={c.value} value={c.value}>
              {t(c.label)}
            </option>
          ))}
        </select>
      </label>
      <section className="panel" aria-busy={items === null} aria-label={t('admin.mail.messages')}>
        {items === null ? (
          <LinesSkeleton label={t('admin.mail.loading')} />
        ) : list.length === 0 ? (
          <p className="panel__empty">{failed ? t('admin.mail.failed') : t('admin.mail.empty')}</p>
        ) : (
          <ul className="flagged-list" aria-label={t('admin.mail.messages')}>
            {list.map((m) => (
              <MailItem key={m.id} mail={m} />
            ))}
          </ul>
        )}
        {items !== null ? <Pager label={t('admin.mail.pages')} page={page} hasNext={hasNext} onPage={setPage} /> : null}
      </section>
    </div>
  );
}
