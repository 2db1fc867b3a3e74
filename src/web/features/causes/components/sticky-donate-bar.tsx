import { useEffect, useState, type RefObject } from 'react';
import { slot } from '../../../../shared/i18n/slots';
import { useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';

/**
 * A compact Donate bar at the bottom of a phone's screen while the donor reads the story below the
 * donation panel; it hides again when the panel's own Donate button is in view (and on wide
 * screens, where the panel stays beside the story).
 */
export function StickyDonateBar({
  panel,
  raised,
  percent,
  onDonate,
}: {
  panel: RefObject<HTMLElement | null>;
  raised: string;
  percent: number;
  onDonate: () => void;
}) {
  const [show, setShow] = useState(false);
  const t = useT();

  useEffect(() => {
    const target = panel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    // Only once the panel has scrolled up out of view, not before the donor has reached it.
    const observer = new IntersectionObserver(([entry]) => setShow(!entry.isIntersecting && entry.boundingClientRect.bottom < 0));
    observer.observe(target);
    return () => observer.disconnect();
  }, [panel]);

  if (!show) return null;
  return (
    <div className="donate-bar" role="region" aria-label={t('causes.donateBar.label')}>
      <p className="donate-bar__text">
        {withElements(t('causes.donateBar.raised', { raised: slot('raised'), percent }), { raised: <strong>{raised}</strong> })}
      </p>
      <button type="button" className="button button--primary" onClick={onDonate}>
        {t('causes.donate')}
      </button>
    </div>
  );
}
