import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import { formatGhs } from '../../../../shared/money';
import { categoryName } from '../../../../shared/cause-display';
import { isCauseActive, listCauses } from '../../causes/api/causes-api';
import { causeProgress } from '../../../../shared/cause-progress';
import { CauseProgressBar } from '../../causes/components/progress-bar';
import { slot } from '../../../../shared/i18n/slots';
import { withElements } from '../../../lib/rich-text';
import { ResponsiveImage } from '../../../components/responsive-image';
import { useT } from '../../../lib/i18n';

export const HELP_CARD_COUNT = 6;

type State =
  { status: 'loading' } | { status: 'ready'; causes: Cause[]; source: 'network' | 'mirror' } | { status: 'failed'; causes: Cause[] };

/** The donation cards of spec §2: Goal, Collected, Remaining (never negative) and a capped percentage. */
export function DonationCard({ cause, sample = false }: { cause: Cause; sample?: boolean }) {
  const navigate = useNavigate();
  const t = useT();
  const { goal, collected, remaining, percent } = causeProgress(cause.target_amount, cause.current_amount);
  const title = cause.title || cause.name;
  return (
    <article className="donation-card">
      <ResponsiveImage
        className="donation-card__image"
        src={cause.image ?? cause.cover_image}
        sizesMap={cause.cover_image_sizes}
        width={480}
        height={270}
        sizes="(max-width: 48rem) 100vw, 33vw"
        alt=""
      />
      <div className="donation-card__body">
        {categoryName(cause.category) && <p className="donation-card__category">{categoryName(cause.category)}</p>}
        <h3 className="donation-card__title">
          {sample ? (
            title
          ) : (
            <Link to="/causes/$id" params={{ id: cause.id }}>
              {title}
            </Link>
          )}
        </h3>
        <dl className="donation-card__figures">
          <div>
            <dt>{t('landing.help.goal')}</dt>
            <dd>{formatGhs(goal)}</dd>
          </div>
          <div>
            <dt>{t('landing.help.collected')}</dt>
            <dd>{formatGhs(collected)}</dd>
          </div>
          <div>
            <dt>{t('landing.help.remaining')}</dt>
            <dd>{formatGhs(remaining)}</dd>
          </div>
        </dl>
        <CauseProgressBar percent={percent} label={t('causes.card.progressLabel', { title })} />
        <p className="donation-card__percent">{t('causes.progress.valueText', { percent })}</p>
        <button
          type="button"
          className="button button--primary button--block"
          aria-label={t('landing.help.donateTo', { title })}
          onClick={() =>
            sample
              ? void navigate({ to: '/causelistpage' })
              : void navigate({ to: '/donation', search: { causeId: cause.id, amount: '' } as never })
          }
        >
          {t('landing.help.donate')}
        </button>
      </div>
    </article>
  );
}

/** Active causes from the server; offline, the device's saved ones; the samples only as a last resort. */
async function loadHelpCauses(signal: AbortSignal): Promise<State> {
  try {
    const page = await listCauses({ page_size: HELP_CARD_COUNT, ordering: 'popularity' }, { signal });
    return { status: 'ready', causes: page.results.filter(isCauseActive), source: 'network' };
  } catch (error) {
    if (signal.aborted) throw error;
    const mirror = await import('../../causes/api/cause-mirror');
    const saved = await mirror.queryMirror({ page_size: HELP_CARD_COUNT, ordering: 'popularity' }).catch(() => null);
    const active = saved?.results.filter(isCauseActive) ?? [];
    if (active.length) return { status: 'ready', causes: active, source: 'mirror' };
    const { SAMPLE_CAUSES } = await import('../../causes/lib/sample-causes');
    return { status: 'failed', causes: SAMPLE_CAUSES.slice(0, 3) };
  }
}

export function HelpNeeded() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const t = useT();
  useEffect(() => {
    const controller = new AbortController();
    loadHelpCauses(controller.signal).then(setState, () => {});
    return () => controller.abort();
  }, []);

  return (
    <section className="section section--muted" id="help" aria-labelledby="help-title" aria-busy={state.status === 'loading'}>
      <div className="container">
        <h2 id="help-title">{t('landing.help.title')}</h2>
        {state.status === 'failed' && (
          <p className="notice" role="alert">
            {t('landing.help.failed')}
          </p>
        )}
        {state.status === 'ready' && state.source === 'mirror' && (
          <p className="notice" role="status">
            {t('causes.offlineNotice')}
          </p>
        )}
        {state.status === 'loading' ? (
          <ul className="landing-grid" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="donation-card skeleton">
                <div className="skeleton__block" />
                <div className="skeleton__line" />
                <div className="skeleton__line skeleton__line--short" />
              </li>
            ))}
          </ul>
        ) : state.causes.length === 0 ? (
          <p className="empty">
            {withElements(t('landing.help.empty', { start: slot('start') }), {
              start: <Link to="/causes/create">{t('landing.help.startOne')}</Link>,
            })}
          </p>
        ) : (
          <ul className="landing-grid">
            {state.causes.map((cause) => (
              <li key={cause.id}>
                <DonationCard cause={cause} sample={state.status === 'failed'} />
              </li>
            ))}
          </ul>
        )}
        <p className="section__more">
          <Link to="/causelistpage">{t('landing.help.seeAll')}</Link>
        </p>
      </div>
    </section>
  );
}
