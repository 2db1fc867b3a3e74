import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import '../donation.css';

export const DOTS_INTERVAL_MS = 500;

/**
 * Spec §2 /redirectingmodal: 'Redirecting you to the payment' with dots changing every 500 ms.
 * Shown over the form while a payment starts (overlay), and on its own at /redirectingmodal.
 */
export function RedirectingScreen({ overlay = false }: { overlay?: boolean }) {
  const [dots, setDots] = useState(0);
  const t = useT();
  useEffect(() => {
    const timer = setInterval(() => setDots((n) => (n + 1) % 4), DOTS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  // On its own route the title is the page's heading; over a form, that form's page has one.
  const Title = overlay ? 'p' : 'h1';
  return (
    <div className={overlay ? 'redirecting redirecting--overlay' : 'redirecting'} role="status" aria-live="polite">
      <div className="redirecting__card">
        <div className="redirecting__spinner" aria-hidden="true" />
        <Title className="redirecting__title">
          <span>{t('donation.redirecting.title')}</span>
          <span className="redirecting__dots" aria-hidden="true" data-testid="redirect-dots">
            {'.'.repeat(dots)}
          </span>
        </Title>
        <p className="redirecting__text">{t('donation.redirecting.text')}</p>
      </div>
    </div>
  );
}
