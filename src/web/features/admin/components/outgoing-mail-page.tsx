import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../../shared/dates';
import { formatGhanaMobile } from '../../../../shared/phone';
import { LinesSkeleton } from '../../../components/lines-skeleton';
import { Pager } from '../../../components/pager';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoad } from '../../../lib/use-load';
import { getOutgoingMail, listOutgoingMail, type AdminMail, type MailStatus, type OutboxChannel } from '../api/admin-api';
import { NewsletterIssueForm } from './newsletter-issue-form';
import '../admin.css';

const FILTERS: { value: MailStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'kept', label: 'Kept (nothing sent: no mail server, or texts logged)' },
  { value: 'pending', label: 'Waiting or retrying' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
];

const CHANNELS: { value: OutboxChannel | ''; label: string }[] = [
  { value: '', label: 'Mail and texts' },
  { value: 'mail', label: 'Mail' },
  { value: 'sms', label: 'Texts (SMS)' },
];

const STATUS_LABEL: Record<MailStatus, string> = {
  kept: 'Kept',
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** One message; its text is fetched when opened and shown as plain text (the HTML is never rendered here). */
function MailItem({ mail }: { mail: AdminMail }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const bodyId = `mail-body-${mail.id}`;

  useEffect(() => {
    if (!open || text !== null) return;
    const controller = new AbortController();
    getOutgoingMail(mail.id, controller.signal).then(
      (full) => setText(full.text),
      (error: unknown) => !controller.signal.aborted && setProblem(errorMessage(error, 'Could not load this message.')),
    );
    return () => controller.abort();
  }, [open, text, mail.id]);

  return (
    <li className="flagged-item">
      <div className="flagged-item__top">
        <strong>{mail.subject}</strong>
        <span className={`mail-status mail-status--${mail.status}`}>{STATUS_LABEL[mail.status]}</span>
      </div>
      <p className="mail-meta">
        {mail.channel === 'sms' ? `SMS · ${mail.segments ?? 1} ${mail.segments === 1 ? 'part' : 'parts'} · ${mail.kind} · ` : 'Mail · '}
        To {mail.channel === 'sms' ? formatGhanaMobile(mail.to) : mail.to} ·{' '}
        <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>
        {mail.attempts > 1 ? ` · ${mail.attempts} attempts` : ''}
        {mail.last_error ? ` · last error: ${mail.last_error}` : ''}
      </p>
      <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        {open ? 'Hide message' : 'Read message'}
      </button>
      <div id={bodyId} hidden={!open}>
        {open ? (
          problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : text === null ? (
            <LinesSkeleton label="Loading the message…" />
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
  useDocumentTitle('Outgoing mail');
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
      <h1>Outgoing mail</h1>
      <NewsletterIssueForm onSent={() => setVersion((v) => v + 1)} />
      <label className="mail-filter">
        Show{' '}
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
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label className="mail-filter">
        Channel{' '}
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
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <section className="panel" aria-busy={items === null} aria-label="Messages">
        {items === null ? (
          <LinesSkeleton label="Loading messages…" />
        ) : list.length === 0 ? (
          <p className="panel__empty">{failed ? 'Could not load the messages. Check your connection and try again.' : 'No messages.'}</p>
        ) : (
          <ul className="flagged-list" aria-label="Messages">
            {list.map((m) => (
              <MailItem key={m.id} mail={m} />
            ))}
          </ul>
        )}
        {items !== null ? <Pager label="Pages of messages" page={page} hasNext={hasNext} onPage={setPage} /> : null}
      </section>
    </div>
  );
}
