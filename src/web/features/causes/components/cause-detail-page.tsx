import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { Cause } from '../../../../shared/contract/causes';
import { formatGhs } from '../../../../shared/money';
import { formatDate } from '../../../../shared/dates';
import { PageShell } from '../../../components/layout/page-shell';
import { PendingScreen } from '../../../components/pending-screen';
import { ShareButton } from '../../../components/share-button/share-button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { session } from '../../../stores/session-store';
import { toast } from '../../../stores/toast-store';
import { categoryName, donationBlock } from '../../../../shared/cause-display';
import { setFavorite } from '../api/causes-api';
import { causeProgress } from '../../../../shared/cause-progress';
import { deadlineOf } from '../../../../shared/cause-deadline';
import { slot } from '../../../../shared/i18n/slots';
import { useLocale, useT } from '../../../lib/i18n';
import { withElements } from '../../../lib/rich-text';
import { BLOCK_REASONS, deadlineText, STATUS_LABELS } from '../lib/cause-words';
import { loadCause, paintedCause, type LoadedCause } from '../lib/load-causes';
import { addCauseToCart, CauseProgressBar } from './cause-card';
import { OfflineCausesNotice } from './offline-notice';
import { ResponsiveImage } from '../../../components/responsive-image';
import { StickyDonateBar } from './sticky-donate-bar';
import { PrintPoster } from './print-poster';
import '../causes.css';

export function CauseNotFound() {
  const t = useT();
  useDocumentTitle(t('causes.notFound.title'));
  return (
    <PageShell className="container page page--narrow">
      <h1>{t('causes.notFound.title')}</h1>
      <p className="lead">{t('causes.notFound.text')}</p>
      <Link to="/causelistpage" className="button button--primary">
        {t('causes.notFound.browse')}
      </Link>
    </PageShell>
  );
}

function CauseUnavailable({ retry }: { retry: () => void }) {
  const t = useT();
  useDocumentTitle(t('causes.unavailable.documentTitle'));
  return (
    <PageShell className="container page page--narrow">
      <h1>{t('causes.unavailable.title')}</h1>
      <p className="lead">{t('causes.unavailable.text')}</p>
      <p className="button-row">
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('causes.unavailable.retry')}
        </button>
        <Link to="/causelistpage" className="button button--primary">
          {t('causes.unavailable.browseSaved')}
        </Link>
      </p>
    </PageShell>
  );
}

function FavoriteToggle({ cause, onChange }: { cause: Cause; onChange: (favorite: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const t = useT();
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
          toast.success(on ? t('causes.favorite.removed') : t('causes.favorite.added'));
        } catch {
          onChange(on);
          toast.error(t('causes.favorite.failed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {on ? t('causes.favorite.saved') : t('causes.favorite.add')}
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
  const t = useT();
  const locale = useLocale();
  const title = cause.title || cause.name;
  useDocumentTitle(title);
  const progress = causeProgress(cause.target_amount, cause.current_amount);
  const block = donationBlock(cause);
  const blocked = block ? t(BLOCK_REASONS[block]) : null;
  const category = categoryName(cause.category);
  const deadline = deadlineText(t, deadlineOf(cause));
  const panelRef = useRef<HTMLElement>(null);
  const donate = () => void navigate({ to: '/donation', search: { causeId: cause.id, amount: '' } as never });

  return (
    <PageShell className="container page">
      {savedCopy && <OfflineCausesNotice />}
      <p>
        <Link to="/causelistpage">{t('causes.detail.back')}</Link>
      </p>
      {/* Head, panel, story: on a phone the money and Donate come right after the title (first screen);
          on a wide screen the panel is a column beside both. */}
      <div className="cause-detail">
        <div className="cause-detail__head">
          <ResponsiveImage
            whenSavingData="tap"
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
              <span className={`status-badge status-badge--${cause.status}`}>
                {STATUS_LABELS[cause.status] ? t(STATUS_LABELS[cause.status]) : cause.status}
              </span>
            </p>
          )}
        </div>
        <aside className="cause-detail__panel" aria-label={t('causes.detail.panelLabel')} ref={panelRef}>
          <p className="cause-detail__raised">{formatGhs(progress.collected)}</p>
          <p style={{ margin: 0 }}>{t('causes.detail.raisedOfGoal', { goal: formatGhs(progress.goal) })}</p>
          <CauseProgressBar percent={progress.percent} />
          <p style={{ margin: 0 }}>
            {withElements(
              t('causes.detail.funded', {
                percent: slot('percent'),
                donors: cause.donor_count,
                remaining: formatGhs(progress.remaining),
              }),
              { percent: <strong>{progress.percent}%</strong> },
            )}
          </p>
          {cause.recurring_donors !== undefined && (
            <p className="cause-detail__recurring" style={{ margin: 0 }}>
              {t('causes.detail.recurring', { count: cause.recurring_donors })}
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
            {t('causes.donate')}
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
            {t('causes.detail.addToCart')}
          </button>
          <ShareButton className="share--block" title={title} text={cause.description} path={`/causes/${cause.id}`} />
          {access && <FavoriteToggle cause={cause} onChange={onFavorite} />}
          {access && user_id === cause.organizer_id && (
            <Link to="/causes/$id/withdrawals" params={{ id: cause.id }} className="button button--secondary">
              {t('causes.detail.withdraw')}
            </Link>
          )}
          {access &&
            cause.short_code &&
            (cause.status === 'active' || cause.status === 'completed') &&
            (user_id === cause.organizer_id || role === 'admin') && <PrintPoster cause={cause} />}
        </aside>
        <div className="cause-detail__body">
          <h2 className="visually-hidden">{t('causes.detail.detailsHeading')}</h2>
          <dl className="cause-detail__meta">
            <dt>{t('causes.detail.createdBy')}</dt>
            <dd>
              {cause.organizer_id ? (
                <Link to="/organizerprofilepage" search={{ id: cause.organizer_id } as never}>
                  {cause.organizer_name || t('causes.detail.organizer')}
                </Link>
              ) : (
                cause.organizer_name || t('causes.detail.organizer')
              )}
            </dd>
            {category && (
              <>
                <dt>{t('causes.detail.category')}</dt>
                <dd>{category}</dd>
              </>
            )}
            {cause.location && (
              <>
                <dt>{t('causes.detail.location')}</dt>
                <dd>{cause.location}</dd>
              </>
            )}
            <dt>{t('causes.detail.created')}</dt>
            <dd>
              <time dateTime={cause.created_at}>{formatDate(cause.created_at, locale)}</time>
            </dd>
            {cause.short_code && (
              <>
                <dt>{t('causes.detail.phone.label')}</dt>
                <dd>
                  {cause.ussd_dial
                    ? withElements(t('causes.detail.phone.dial', { dial: slot('dial') }), { dial: <strong>{cause.ussd_dial}</strong> })
                    : withElements(t('causes.detail.phone.code', { code: slot('code') }), { code: <strong>{cause.short_code}</strong> })}
                </dd>
              </>
            )}
          </dl>
          <h2>{t('causes.detail.about')}</h2>
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
