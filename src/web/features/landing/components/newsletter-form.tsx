import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { slot } from '../../../../shared/i18n/slots';
import { useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { toast } from '../../../stores/toast-store';
import { subscribeNewsletter } from '../../content/api/content-api';

type Status = 'idle' | 'loading' | 'success' | 'error';

/** Spec §4/§5/§8 newsletter: idle → loading ('Subscribing...') → success or error, with the spec's words. */
export function NewsletterForm({ subscribe = subscribeNewsletter }: { subscribe?: (email: string) => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const t = useT();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      toast.warning(t('landing.newsletter.empty'));
      return;
    }
    setStatus('loading');
    try {
      await subscribe(email.trim());
      setStatus('success');
      setEmail('');
      toast.success(t('landing.newsletter.successToast'));
    } catch {
      setStatus('error');
      toast.error(t('landing.newsletter.failureToast'));
    }
  }

  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('landing.newsletter.title')}</h2>
      <p>{t('landing.newsletter.text')}</p>
      <div className="newsletter__row">
        <label htmlFor="newsletter-email" className="visually-hidden">
          {t('landing.newsletter.emailLabel')}
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={t('landing.newsletter.placeholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={status === 'loading'}>
          {status === 'loading' ? t('landing.newsletter.subscribing') : t('landing.newsletter.subscribe')}
        </button>
      </div>
      <div aria-live="polite">
        {status === 'success' && (
          <>
            <p className="newsletter__message newsletter__message--ok">{t('landing.newsletter.successText')}</p>
            <p className="newsletter__message">{t('landing.newsletter.confirmText')}</p>
          </>
        )}
        {status === 'error' && <p className="newsletter__message newsletter__message--error">{t('landing.newsletter.failureText')}</p>}
      </div>
      <p className="newsletter__privacy">
        {withElements(t('landing.newsletter.privacy', { policy: slot('policy') }), {
          policy: (
            <Link to="/privacy-policy" target="_blank" rel="noopener">
              {t('landing.newsletter.privacyLink')}
            </Link>
          ),
        })}
      </p>
    </form>
  );
}
