import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { BlogPost, Contributor, Statistic, SuccessStory, Testimonial } from '../../../../shared/contract/content';
import { formatGhs } from '../../../../shared/money';
import { loadContent, type ContentKey, type ContentTypes, type LoadedContent, type Samples } from '../../content/api/content-api';

// Samples load only when the server cannot be reached and nothing is saved (rare): out of the landing chunk.
const samples = () => import('../../content/lib/sample-content');
const SAMPLE_STORIES = () => samples().then((m) => m.SAMPLE_STORIES);
const SAMPLE_CONTRIBUTORS = () => samples().then((m) => m.SAMPLE_CONTRIBUTORS);
const SAMPLE_TESTIMONIALS = () => samples().then((m) => m.SAMPLE_TESTIMONIALS);
const SAMPLE_STATISTICS = () => samples().then((m) => m.SAMPLE_STATISTICS);
const SAMPLE_BLOG_POSTS = () => samples().then((m) => m.SAMPLE_BLOG_POSTS);
import { ResponsiveImage } from '../../../components/responsive-image';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { useT } from '../../../lib/i18n';
import { HelpNeeded } from './help-needed';
import { NewsletterForm } from './newsletter-form';

/** One content list with the spec §8 fallbacks (server → saved copy → samples). null while loading. */
function useContent<K extends ContentKey>(key: K, fallback: Samples<ContentTypes[K]>): LoadedContent<ContentTypes[K]> | null {
  const [state, setState] = useState<LoadedContent<ContentTypes[K]> | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    loadContent(key, fallback, { signal: controller.signal }).then(setState, () => {});
    return () => controller.abort();
  }, [key, fallback]);
  return state;
}

function Skeletons({ count = 3 }: { count?: number }) {
  return (
    <ul className="landing-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="content-card skeleton">
          <div className="skeleton__block" />
          <div className="skeleton__line" />
        </li>
      ))}
    </ul>
  );
}

function SuccessStories() {
  const data = useContent('success-stories', SAMPLE_STORIES);
  const stories: SuccessStory[] = data?.items.slice(0, 5) ?? [];
  const t = useT();
  return (
    <section className="section" id="success-stories" aria-labelledby="stories-title" aria-busy={!data}>
      <div className="container">
        <h2 id="stories-title">{t('landing.stories.title')}</h2>
        {!data ? (
          <Skeletons />
        ) : stories.length === 0 ? (
          <p className="empty">{t('landing.stories.empty')}</p>
        ) : (
          <ul className="landing-grid landing-grid--stories">
            {stories.map((story) => (
              <li key={story.id} className="content-card story-card">
                <ResponsiveImage className="content-card__image" src={story.image} width={400} height={300} alt="" whenSavingData="tap" />
                <div className="content-card__body">
                  <h3>{story.title}</h3>
                  <p>{story.description}</p>
                  <a
                    href="/success-stories"
                    target="_blank"
                    rel="noopener"
                    aria-label={t('landing.knowMoreNewTab', { title: story.title })}
                  >
                    {t('landing.knowMore')}
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const contributorName = (c: Contributor) => c.name || [c.first_name, c.last_name].filter(Boolean).join(' ');

function Contributors() {
  const data = useContent('contributors', SAMPLE_CONTRIBUTORS);
  const t = useT();
  return (
    <section className="section section--muted" id="contributors" aria-labelledby="contributors-title" aria-busy={!data}>
      <div className="container">
        <h2 id="contributors-title">{t('landing.contributors.title')}</h2>
        {!data ? (
          <Skeletons count={4} />
        ) : data.items.length === 0 ? (
          <p className="empty">{t('landing.contributors.empty')}</p>
        ) : (
          <ul className="contributors">
            {data.items.slice(0, 8).map((c) => (
              <li key={c.id} className="contributor">
                <ResponsiveImage
                  className="contributor__avatar"
                  src={c.image ?? c.profile_picture}
                  width={64}
                  height={64}
                  alt=""
                  fallbackLabel={contributorName(c).slice(0, 1)}
                />
                <div>
                  <p className="contributor__name">{contributorName(c)}</p>
                  <p className="contributor__meta">
                    {[c.location || c.city, c.amount ? formatGhs(c.amount) : ''].filter(Boolean).join(' · ')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/register" className="button button--primary">
            {t('landing.contributors.register')}
          </Link>
        </p>
      </div>
    </section>
  );
}

function Testimonials() {
  const data = useContent('testimonials', SAMPLE_TESTIMONIALS);
  const [index, setIndex] = useState(0);
  const items: Testimonial[] = data?.items ?? [];
  const current = items[Math.min(index, items.length - 1)];
  const t = useT();
  return (
    <section className="section" id="testimonials" aria-labelledby="testimonials-title" aria-busy={!data}>
      <div className="container testimonials">
        <h2 id="testimonials-title">{t('landing.testimonials.title')}</h2>
        {!data ? (
          <Skeletons count={1} />
        ) : !current ? (
          <p className="empty">{t('landing.testimonials.empty')}</p>
        ) : (
          <>
            <figure className="testimonial" aria-live="polite">
              <blockquote>“{current.text || current.content}”</blockquote>
              <figcaption>
                <strong>{current.author || current.name}</strong>
                {current.role ? `, ${current.role}` : ''}
              </figcaption>
            </figure>
            {items.length > 1 && (
              <div className="dots" role="group" aria-label={t('landing.testimonials.label')}>
                {items.map((item, i) => (
                  <button
                    key={item.id}
                    type="button"
                    className="dot"
                    aria-label={t('landing.testimonials.show', { number: i + 1, total: items.length })}
                    aria-pressed={i === index}
                    onClick={() => setIndex(i)}
                  />
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** The statistics cards the server knows (GET /api/statistics/ `key`), worded here; any other card reads as sent. */
const STATISTIC_WORDS: Record<string, { title: WebMessageId; description: WebMessageId }> = {
  total_raised: { title: 'landing.stats.totalRaised', description: 'landing.stats.totalRaisedText' },
  active_donors: { title: 'landing.stats.activeDonors', description: 'landing.stats.activeDonorsText' },
  causes_completed: { title: 'landing.stats.causesCompleted', description: 'landing.stats.causesCompletedText' },
  platform_charge: { title: 'landing.stats.platformCharge', description: 'landing.stats.platformChargeText' },
};

function Statistics() {
  const data = useContent('statistics', SAMPLE_STATISTICS);
  const stats: Statistic[] = data?.items ?? [];
  const t = useT();
  return (
    <section className="section section--dark" id="statistics" aria-labelledby="stats-title" aria-busy={!data}>
      <div className="container">
        <h2 id="stats-title">{t('landing.stats.title')}</h2>
        {!data ? (
          <Skeletons count={4} />
        ) : (
          <dl className="stats">
            {stats.map((s) => {
              const words = STATISTIC_WORDS[s.key];
              const description = words && s.description ? t(words.description) : s.description;
              return (
                <div key={s.key} className="stat">
                  <dt>{words ? t(words.title) : s.title || s.label}</dt>
                  <dd className="stat__value">{s.value}</dd>
                  {description && <dd className="stat__text">{description}</dd>}
                </div>
              );
            })}
          </dl>
        )}
      </div>
    </section>
  );
}

/** Spec §2: Know more opens the item's url, else /blog/{slug}, else /blog/{id}. */
export function blogHref(post: Pick<BlogPost, 'url' | 'slug' | 'id'>): { href: string; external: boolean } {
  if (post.url) return { href: post.url, external: true };
  return { href: `/blog/${encodeURIComponent(post.slug || post.id)}`, external: false };
}

function Blog() {
  const data = useContent('blog-posts', SAMPLE_BLOG_POSTS);
  const t = useT();
  return (
    <section className="section" id="blog" aria-labelledby="blog-title" aria-busy={!data}>
      <div className="container">
        <h2 id="blog-title">{t('landing.blog.title')}</h2>
        {!data ? (
          <Skeletons />
        ) : data.items.length === 0 ? (
          <p className="empty">{t('landing.blog.empty')}</p>
        ) : (
          <ul className="landing-grid">
            {data.items.slice(0, 3).map((post) => {
              const link = blogHref(post);
              return (
                <li key={post.id} className="content-card">
                  <ResponsiveImage
                    whenSavingData="tap"
                    className="content-card__image"
                    src={post.image ?? post.featured_image}
                    width={400}
                    height={225}
                    alt=""
                  />
                  <div className="content-card__body">
                    {(post.category_name || post.category) && (
                      <p className="content-card__category">{post.category_name || post.category}</p>
                    )}
                    <h3>{post.title}</h3>
                    <p>{post.excerpt || post.description || post.content.slice(0, 160)}</p>
                    {link.external ? (
                      <a
                        href={link.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('landing.knowMoreAbout', { title: post.title })}
                      >
                        {t('landing.knowMore')}
                      </a>
                    ) : (
                      <Link
                        to="/blog/$slug"
                        params={{ slug: post.slug || post.id }}
                        aria-label={t('landing.knowMoreAbout', { title: post.title })}
                      >
                        {t('landing.knowMore')}
                      </Link>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Everything below the services: loaded as its own chunk so the first paint stays small. */
export default function LandingSections() {
  return (
    <>
      <HelpNeeded />
      <SuccessStories />
      <section className="section section--muted" id="newsletter">
        <div className="container">
          <NewsletterForm />
        </div>
      </section>
      <Contributors />
      <Testimonials />
      <Statistics />
      <Blog />
    </>
  );
}
