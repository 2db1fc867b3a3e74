import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { formatGhs } from '../../../../shared/money';
import { PageShell } from '../../../components/layout/page-shell';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../landing.css';

// The server paints the same hero and services into index.html for `/` (src/server/pages/landing-shell.ts).
const SERVICES: ReadonlyArray<{ title: WebMessageId; text: WebMessageId; to: '/causes/create' | '/causelistpage' | '/profilesettings' }> = [
  { title: 'landing.services.create.title', text: 'landing.services.create.text', to: '/causes/create' },
  { title: 'landing.services.donate.title', text: 'landing.services.donate.text', to: '/causelistpage' },
  { title: 'landing.services.feedback.title', text: 'landing.services.feedback.text', to: '/profilesettings' },
];

// The live sections (donation cards, stories, newsletter, contributors, testimonials, statistics, blog)
// sit below the fold: their own chunk, fetched right away but never blocking the hero's first paint.
const LandingSections = lazy(() => import('./landing-sections'));

function SectionsSkeleton() {
  const t = useT();
  return (
    <div className="container section skeleton" role="status">
      <span className="visually-hidden">{t('shell.loading')}</span>
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__block" />
    </div>
  );
}

/** Spec §2 landing page: nav, hero, services, then the live-data sections, then the footer. */
export function LandingPage() {
  useDocumentTitle(null);
  const t = useT();
  return (
    <PageShell>
      <section className="hero" id="about" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">{t('landing.hero.eyebrow')}</p>
            <h1 id="hero-title">{t('landing.hero.title')}</h1>
            <p className="lead">{t('landing.hero.lead', { amount: formatGhs(100) })}</p>
            <div className="button-row">
              <Link to="/causes/create" className="button button--primary button--large">
                {t('landing.hero.request')}
              </Link>
              <Link to="/causelistpage" className="button button--secondary button--large">
                {t('landing.hero.donate')}
              </Link>
            </div>
          </div>
          <div className="hero__art" aria-hidden="true">
            <span className="hero__circle hero__circle--one" />
            <span className="hero__circle hero__circle--two" />
            <span className="hero__heart">♥</span>
          </div>
        </div>
      </section>

      <section className="section" id="services" aria-labelledby="services-title">
        <div className="container">
          <h2 id="services-title">{t('landing.services.title')}</h2>
          <ul className="card-grid">
            {SERVICES.map((service) => (
              <li key={service.title} className="service-card">
                <h3>
                  {/* The link covers the card (see .service-card a::after), so the whole card is one target. */}
                  <Link to={service.to}>{t(service.title)}</Link>
                </h3>
                <p>{t(service.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Suspense fallback={<SectionsSkeleton />}>
        <LandingSections />
      </Suspense>
    </PageShell>
  );
}
