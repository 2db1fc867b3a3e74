import { useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-load';
import { toast } from '../../../stores/toast-store';
import { getNewsletterAudience, sendNewsletterIssue } from '../api/admin-api';
import { useT } from '../../../lib/i18n';

const newKey = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Write a newsletter issue and send it to every confirmed subscriber (shown before sending). */
export function NewsletterIssueForm({ onSent }: { onSent: () => void }) {
  const t = useT();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  // Only informs the admin before sending: without it the form still works.
  const { data: audience = null } = useLoad((signal) => getNewsletterAudience(signal).then((a) => a.confirmed_subscribers), []);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Kept across retries of one issue; a new one after the server answered.
  const key = useRef(newKey());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setErrors({});
    try {
      const issue = await sendNewsletterIssue({ subject, body }, key.current);
      key.current = newKey();
      toast.success(t('admin.newsletter.queued', { count: issue.recipients }));
      setSubject('');
      setBody('');
      onSent();
    } catch (error) {
      if (error instanceof ApiError) key.current = newKey();
      const fields = error instanceof ApiError ? (error.errorBody?.errors ?? {}) : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([f, m]) => [f, m[0]])));
      toast.error(errorMessage(error, t('admin.newsletter.failed')));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="panel newsletter-issue" onSubmit={onSubmit} aria-labelledby="issue-title">
      <h2 id="issue-title">{t('admin.newsletter.title')}</h2>
      <p>{audience === null ? t('admin.newsletter.counting') : t('admin.newsletter.audience', { count: audience })}</p>
      <label htmlFor="issue-subject">{t('admin.newsletter.subject')}</label>
      <input
        id="issue-subject"
        required
        maxLength={200}
        value={subject}
        onChange={(e) => setSubject(e.target.value)}
        aria-invalid={errors.subject ? true : undefined}
        aria-describedby={errors.subject ? 'issue-subject-error' : undefined}
      />
      {errors.subject ? (
        <p id="issue-subject-error" className="field__error">
          {errors.subject}
        </p>
      ) : null}
      <label htmlFor="issue-body">{t('admin.newsletter.body')}</label>
      <textarea
        id="issue-body"
        required
        rows={8}
        maxLength={20000}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={errors.body ? 'issue-body-error' : undefined}
      />
      {errors.body ? (
        <p id="issue-body-error" className="field__error">
          {errors.body}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={sending || audience === 0}>
        {sending ? t('admin.newsletter.sending') : t('admin.newsletter.send')}
      </button>
    </form>
  );
}
