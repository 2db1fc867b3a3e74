import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { formatGhs } from '../../../../shared/money';
import { PageShell } from '../../../components/layout/page-shell';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../landing.css';

const SERVICES = [
  { title: 'Create a cause', text: 'Tell your story and raise funds for a medical emergency or a community need.', to: '/causes/create' },
  { title: 'Donate to causes', text: 'Find a cause that moves you and give any amount, from anywhere.', to: '/causelistpage' },
  { title: 'Give us your feedback', text: 'Help us make Boafo better for everyone who gives and receives.', to: '/profilesettings' },
] as const;

// The live sections (donation cards, stories, newsletter, contributors, testimonials, statistics, blog)
// sit below the fold: their own chunk, fetched right away but never blocking the hero's first paint.
const LandingSections = lazy(() => import('./landing-sections'));

function SectionsSkeleton() {
  return (
    <div className="container section skeleton" role="status">
      <span className="visually-hidden">Loading…</span>
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__block" />
    </div>
  );
}

/** Spec §2 landing page: nav, hero, services, then the live-data sections, then the footer. */
export function LandingPage() {
  useDocumentTitle(null);
  return (
    <PageShell>
      <section className="hero" id="about" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Boafo means helper</p>
            <h1 id="hero-title">Together, we lift each other up</h1>
            <p className="lead">
              Raise funds for medical emergencies and social causes across Ghana, or give to someone who needs help today. No platform
              charge: every {formatGhs(100)} you give goes to the cause.
            </p>
            <div className="button-row">
              <Link to="/causes/create" className="button button--primary button--large">
                REQUEST DONATION
              </Link>
              <Link to="/causelistpage" className="button button--secondary button--large">
                DONATE AND HELP
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
          <h2 id="services-title">Services</h2>
          <ul className="card-grid">
            {SERVICES.map((service) => (
              <li key={service.title} className="service-card">
                <h3>
                  {/* The link covers the card (see .service-card a::after), so the whole card is one target. */}
                  <Link to={service.to}>{service.title}</Link>
                </h3>
                <p>{service.text}</p>
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
