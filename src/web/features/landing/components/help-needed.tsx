import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import { formatGhs } from '../../../../shared/money';
import { categoryName } from '../../../../shared/cause-display';
import { isCauseActive, listCauses } from '../../causes/api/causes-api';
import { causeProgress } from '../../../../shared/cause-progress';
import { CauseProgressBar } from '../../causes/components/progress-bar';
import { ResponsiveImage } from '../../../components/responsive-image';

export const HELP_CARD_COUNT = 6;

type State =
  { status: 'loading' } | { status: 'ready'; causes: Cause[]; source: 'network' | 'mirror' } | { status: 'failed'; causes: Cause[] };

/** The donation cards of spec §2: Goal, Collected, Remaining (never negative) and a capped percentage. */
export function DonationCard({ cause, sample = false }: { cause: Cause; sample?: boolean }) {
  const navigate = useNavigate();
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
            <dt>Goal</dt>
            <dd>{formatGhs(goal)}</dd>
          </div>
          <div>
            <dt>Collected</dt>
            <dd>{formatGhs(collected)}</dd>
          </div>
          <div>
            <dt>Remaining</dt>
            <dd>{formatGhs(remaining)}</dd>
          </div>
        </dl>
        <CauseProgressBar percent={percent} label={`${title}: funding progress`} />
        <p className="donation-card__percent">{percent}% funded</p>
        <button
          type="button"
          className="button button--primary button--block"
          aria-label={`DONATE to ${title}`}
          onClick={() =>
            sample
              ? void navigate({ to: '/causelistpage' })
              : void navigate({ to: '/donation', search: { causeId: cause.id, amount: '' } as never })
          }
        >
          DONATE
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
  useEffect(() => {
    const controller = new AbortController();
    loadHelpCauses(controller.signal).then(setState, () => {});
    return () => controller.abort();
  }, []);

  return (
    <section className="section section--muted" id="help" aria-labelledby="help-title" aria-busy={state.status === 'loading'}>
      <div className="container">
        <h2 id="help-title">Your help is Needed</h2>
        {state.status === 'failed' && (
          <p className="notice" role="alert">
            Failed to load donations
          </p>
        )}
        {state.status === 'ready' && state.source === 'mirror' && (
          <p className="notice" role="status">
            offline — showing saved causes
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
            No active causes right now. <Link to="/causes/create">Start one</Link>.
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
          <Link to="/causelistpage">See all causes</Link>
        </p>
      </div>
    </section>
  );
}
