import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../stores/toast-store';
import { subscribeNewsletter } from '../../content/api/content-api';

type Status = 'idle' | 'loading' | 'success' | 'error';

export const NEWSLETTER_TEXT = {
  empty: 'Please enter your email',
  successText: 'Successfully subscribed to our newsletter!',
  confirmText: 'Check your inbox: the newsletter starts once you confirm with the link we sent.',
  successToast: 'Subscribed to newsletter',
  failureToast: 'Subscription failed',
  failureText: 'Failed to subscribe. Please try again.',
} as const;

/** Spec §4/§5/§8 newsletter: idle → loading ('Subscribing...') → success or error, with the spec's words. */
export function NewsletterForm({ subscribe = subscribeNewsletter }: { subscribe?: (email: string) => Promise<unknown> }) {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      toast.warning(NEWSLETTER_TEXT.empty);
      return;
    }
    setStatus('loading');
    try {
      await subscribe(email.trim());
      setStatus('success');
      setEmail('');
      toast.success(NEWSLETTER_TEXT.successToast);
    } catch {
      setStatus('error');
      toast.error(NEWSLETTER_TEXT.failureToast);
    }
  }

  return (
    <form className="newsletter" onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">Subscribe to our newsletter</h2>
      <p>Stories of causes that reached their goal and new causes that need you, once a month.</p>
      <div className="newsletter__row">
        <label htmlFor="newsletter-email" className="visually-hidden">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={status === 'loading'}>
          {status === 'loading' ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <div aria-live="polite">
        {status === 'success' && (
          <>
            <p className="newsletter__message newsletter__message--ok">{NEWSLETTER_TEXT.successText}</p>
            <p className="newsletter__message">{NEWSLETTER_TEXT.confirmText}</p>
          </>
        )}
        {status === 'error' && <p className="newsletter__message newsletter__message--error">{NEWSLETTER_TEXT.failureText}</p>}
      </div>
      <p className="newsletter__privacy">
        We never share your email. Read our{' '}
        <Link to="/privacy-policy" target="_blank" rel="noopener">
          privacy policy
        </Link>
        .
      </p>
    </form>
  );
}
