import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PageShell } from '../../../components/layout/page-shell';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../content.css';

interface NewsletterLinkPageProps {
  title: string;
  /** What the button does, e.g. "Confirm my subscription". */
  action: string;
  busy: string;
  done: string;
  token: string | undefined;
  run: (token: string) => Promise<unknown>;
}

/**
 * Where a newsletter mail's link lands (confirm, unsubscribe). The person presses a button: mail
 * scanners that open every link in a message do not confirm or unsubscribe anyone by visiting.
 */
export function NewsletterLinkPage({ title, action, busy, done, token, run }: NewsletterLinkPageProps) {
  useDocumentTitle(title);
  const t = useT();
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  async function go() {
    if (!token) return;
    setState('busy');
    setProblem(null);
    try {
      await run(token);
      setState('done');
    } catch (error) {
      setProblem(errorMessage(error, t('content.newsletter.failed')));
      setState('idle');
    }
  }

  return (
    <PageShell className="container page page--narrow">
      <h1>{title}</h1>
      {!token ? (
        <p className="form-error" role="alert">
          {t('content.newsletter.needsLink')}
        </p>
      ) : state === 'done' ? (
        <p role="status">{done}</p>
      ) : (
        <>
          {problem ? (
            <p className="form-error" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="button" className="button button--primary" disabled={state === 'busy'} onClick={() => void go()}>
            {state === 'busy' ? busy : action}
          </button>
        </>
      )}
      <p>
        <Link to="/">{t('content.newsletter.back')}</Link>
      </p>
    </PageShell>
  );
}
