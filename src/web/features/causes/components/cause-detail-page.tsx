import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { Cause, CauseStatus } from '../../../../shared/contract/causes';
import { formatGhs } from '../../../../shared/money';
import { formatDate } from '../../../../shared/dates';
import { PageShell } from '../../../components/layout/page-shell';
import { PendingScreen } from '../../../components/pending-screen';
import { ShareButton } from '../../../components/share-button/share-button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { session } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { categoryName, donationBlockReason } from '../../../../shared/cause-display';
import { setFavorite } from '../api/causes-api';
import { causeProgress } from '../../../../shared/cause-progress';
import { deadlineLabel } from '../../../../shared/cause-deadline';
import { loadCause, paintedCause, type LoadedCause } from '../lib/load-causes';
import { addCauseToCart, CauseProgressBar } from './cause-card';
import { OfflineCausesNotice } from './offline-notice';
import { ResponsiveImage } from '../../../components/responsive-image';
import { StickyDonateBar } from './sticky-donate-bar';
import { PrintPoster } from './print-poster';
import '../causes.css';

/** The cause's code for phones without data (USSD); the server's first paint (pages/snapshots.ts) writes the same words. */
export const PHONE_GIVING_TEXT = {
  label: 'Give by phone',
  dial: 'Dial',
  code: 'Cause code',
} as const;

const STATUS_LABELS: Record<CauseStatus, string> = {
  active: 'Active',
  under_review: 'Under review',
  rejected: 'Not approved',
  closed: 'Closed',
  completed: 'Goal reached',
};

export function CauseNotFound() {
  useDocumentTitle('Cause not found');
  return (
    <PageShell className="container page page--narrow">
      <h1>Cause not found</h1>
      <p className="lead">This cause does not exist or is no longer available.</p>
      <Link to="/causelistpage" className="button button--primary">
        Browse causes
      </Link>
    </PageShell>
  );
}

function CauseUnavailable({ retry }: { retry: () => void }) {
  useDocumentTitle('Cause');
  return (
    <PageShell className="container page page--narrow">
      <h1>This cause is not saved on this device</h1>
      <p className="lead">You are offline and this cause has not been loaded before. Try again once you are connected.</p>
      <p className="button-row">
        <button type="button" className="button button--secondary" onClick={retry}>
          Try again
        </button>
        <Link to="/causelistpage" className="button button--primary">
          Browse saved causes
        </Link>
      </p>
    </PageShell>
  );
}

function FavoriteToggle({ cause, onChange }: { cause: Cause; onChange: (favorite: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const on = Boolean(cause.is_favorite);
  return (
    <button
      type="button"
      className="button button--secondary fav-button"
      aria-pressed={on}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        onChange(!on);
        try {
          await setFavorite(cause.id, !on);
          toast.success(on ? 'Removed from favorites' : 'Added to favorites');
        } catch {
          onChange(on);
          toast.error('Could not update favorites');
        } finally {
          setBusy(false);
        }
      }}
    >
      {on ? '♥ Saved to favorites' : '♡ Add to favorites'}
    </button>
  );
}

/**
 * What the page shows below the cause (the route gives the ledger, updates, …). `offline`: the cause
 * is a copy saved on this device, so the extras show what they kept, or nothing.
 */
export type CauseExtras = (cause: Cause, context: { offline: boolean }) => ReactNode;

function CauseDetails({
  cause,
  savedCopy,
  onFavorite,
  extras,
}: {
  cause: Cause;
  savedCopy: boolean;
  onFavorite: (f: boolean) => void;
  extras?: CauseExtras;
}) {
  const navigate = useNavigate();
  const { access, user_id, role } = useSnapshot(session);
  const title = cause.title || cause.name;
  useDocumentTitle(title);
  const progress = causeProgress(cause.target_amount, cause.current_amount);
  const blocked = donationBlockReason(cause);
  const category = categoryName(cause.category);
  const deadline = deadlineLabel(cause);
  const panelRef = useRef<HTMLElement>(null);
  const donate = () => void navigate({ to: '/donation', search: { causeId: cause.id, amount: '' } as never });

  return (
    <PageShell className="container page">
      {savedCopy && <OfflineCausesNotice />}
      <p>
        <Link to="/causelistpage">← All causes</Link>
      </p>
      {/* Head, panel, story: on a phone the money and Donate come right after the title (first screen);
          on a wide screen the panel is a column beside both. */}
      <div className="cause-detail">
        <div className="cause-detail__head">
          <ResponsiveImage
            className="cause-detail__image"
            src={cause.image ?? cause.cover_image}
            sizesMap={cause.cover_image_sizes}
            width={960}
            height={540}
            sizes="(max-width: 56rem) 100vw, 60vw"
            alt={title}
            loading="eager"
          />
          <h1>{title}</h1>
          {cause.status !== 'active' && (
            <p>
              <span className={`status-badge status-badge--${cause.status}`}>{STATUS_LABELS[cause.status] ?? cause.status}</span>
            </p>
          )}
        </div>
        <aside className="cause-detail__panel" aria-label="Donations" ref={panelRef}>
          <p className="cause-detail__raised">{formatGhs(progress.collected)}</p>
          <p style={{ margin: 0 }}>raised of {formatGhs(progress.goal)} goal</p>
          <CauseProgressBar percent={progress.percent} />
          <p style={{ margin: 0 }}>
            <strong>{progress.percent}%</strong> funded · {cause.donor_count} {cause.donor_count === 1 ? 'donor' : 'donors'} ·{' '}
            {formatGhs(progress.remaining)} to go
          </p>
          {cause.recurring_donors !== undefined && (
            <p className="cause-detail__recurring" style={{ margin: 0 }}>
              {cause.recurring_donors} {cause.recurring_donors === 1 ? 'donor gives' : 'donors give'} monthly
            </p>
          )}
          {deadline && <p className="cause-deadline">{deadline}</p>}
          <button
            type="button"
            className="button button--primary button--large"
            disabled={Boolean(blocked)}
            aria-describedby={blocked ? 'donate-blocked' : undefined}
            onClick={donate}
          >
            Donate
          </button>
          {blocked && (
            <p id="donate-blocked" className="field__hint">
              {blocked}
            </p>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={Boolean(blocked)}
            aria-describedby={blocked ? 'donate-blocked' : undefined}
            onClick={() => void addCauseToCart(cause)}
          >
            Add to Cart
          </button>
          <ShareButton className="share--block" title={title} text={cause.description} path={`/causes/${cause.id}`} />
          {access && <FavoriteToggle cause={cause} onChange={onFavorite} />}
          {access && user_id === cause.organizer_id && (
            <Link to="/causes/$id/withdrawals" params={{ id: cause.id }} className="button button--secondary">
              Withdraw funds
            </Link>
          )}
          {access &&
            cause.short_code &&
            (cause.status === 'active' || cause.status === 'completed') &&
            (user_id === cause.organizer_id || role === 'admin') && <PrintPoster cause={cause} />}
        </aside>
        <div className="cause-detail__body">
          <h2 className="visually-hidden">Details</h2>
          <dl className="cause-detail__meta">
            <dt>Created by</dt>
            <dd>
              {cause.organizer_id ? (
                <Link to="/organizerprofilepage" search={{ id: cause.organizer_id } as never}>
                  {cause.organizer_name || 'Organizer'}
                </Link>
              ) : (
                cause.organizer_name || 'Organizer'
              )}
            </dd>
            {category && (
              <>
                <dt>Category</dt>
                <dd>{category}</dd>
              </>
            )}
            {cause.location && (
              <>
                <dt>Location</dt>
                <dd>{cause.location}</dd>
              </>
            )}
            <dt>Created</dt>
            <dd>
              <time dateTime={cause.created_at}>{formatDate(cause.created_at)}</time>
            </dd>
            {cause.short_code && (
              <>
                <dt>{PHONE_GIVING_TEXT.label}</dt>
                <dd>
                  {cause.ussd_dial ? (
                    <>
                      {PHONE_GIVING_TEXT.dial} <strong>{cause.ussd_dial}</strong>
                    </>
                  ) : (
                    <>
                      {PHONE_GIVING_TEXT.code} <strong>{cause.short_code}</strong>
                    </>
                  )}
                </dd>
              </>
            )}
          </dl>
          <h2>About this cause</h2>
          <p style={{ whiteSpace: 'pre-line' }}>{cause.description}</p>
        </div>
      </div>
      {!blocked && <StickyDonateBar panel={panelRef} raised={formatGhs(progress.collected)} percent={progress.percent} onDonate={donate} />}
      {extras?.(cause, { offline: savedCopy })}
    </PageShell>
  );
}

/** /causes/$id and /causedetailpage?id=: the real cause, from the server or the device's mirror. */
export function CauseDetailPage({ id, extras }: { id: string | undefined; extras?: CauseExtras }) {
  const online = useOnline();
  const [state, setState] = useState<LoadedCause | null>(() => (id ? paintedCause(id) : null));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    // Another cause: its skeleton. The same one read again (back online, Try again): it stays on screen meanwhile.
    setState((shown) => (shown?.kind === 'found' && shown.cause.id === id ? shown : null));
    loadCause(id, { signal: controller.signal, online }).then(setState, () => {});
    return () => controller.abort();
  }, [id, online, attempt]);

  if (!id) return <CauseNotFound />;
  if (!state)
    return (
      <PageShell>
        <PendingScreen />
      </PageShell>
    );
  if (state.kind === 'not-found') return <CauseNotFound />;
  if (state.kind === 'unavailable') return <CauseUnavailable retry={() => setAttempt((n) => n + 1)} />;
  return (
    <CauseDetails
      cause={state.cause}
      savedCopy={state.source === 'saved'}
      extras={extras}
      onFavorite={(favorite) => setState({ ...state, cause: { ...state.cause, is_favorite: favorite } })}
    />
  );
}
