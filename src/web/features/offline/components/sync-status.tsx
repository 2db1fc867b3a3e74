import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../../shared/dates';
import { t, useLocale, useT } from '../../../lib/i18n';
import { useOnline } from '../../../lib/use-online';
import type { OutboxEntry } from '../db';
import { OUTBOX_REASONS } from '../outbox-types';
import { syncActions, syncState } from '../stores/sync-store';
import './offline.css';

/** How long "All changes synced" stays on screen after a sync before the pill tucks itself away. */
const SYNCED_VISIBLE_MS = 4000;

/**
 * What the server said, readable: the error body's detail when it is our JSON shape. The outbox (also run by the
 * service worker, which has no catalogs) records its own reasons in English; they are worded here.
 */
function reason(entry: OutboxEntry): string {
  const raw = entry.lastError ?? '';
  try {
    const detail = (JSON.parse(raw) as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  } catch {
    // plain text
  }
  if (raw === OUTBOX_REASONS.signIn) return t('offline.sync.reasonSignIn');
  if (raw === OUTBOX_REASONS.refused) return t('offline.sync.reasonRefused');
  return raw || t('offline.sync.reasonRefused');
}

type Phase = 'failed' | 'syncing' | 'waiting' | 'others' | 'synced';

function phaseOf(sync: { failed: number; pending: number; flushing: boolean; waitingForOthers: readonly unknown[] }): Phase {
  if (sync.failed > 0) return 'failed';
  if (sync.pending > 0) return sync.flushing ? 'syncing' : 'waiting';
  if (sync.waitingForOthers.length > 0) return 'others';
  return 'synced';
}

/**
 * The true state of this device's queued changes: "n changes waiting", "Syncing…", "All changes
 * synced", changes waiting for another account, or failed changes with Retry and Discard.
 */
export function SyncStatus() {
  const sync = useSnapshot(syncState);
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const phase = phaseOf(sync);
  const translate = useT();
  const locale = useLocale();
  // "All changes synced" is shown for a moment after something was sent, then only to screen readers:
  // a pill that never goes away would cover content on a small phone.
  const [showSynced, setShowSynced] = useState(false);
  const previous = useRef<Phase>(phase);
  useEffect(() => {
    const was = previous.current;
    previous.current = phase;
    if (phase !== 'synced' || was === 'synced') return;
    setShowSynced(true);
    const timer = setTimeout(() => setShowSynced(false), SYNCED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  let label = translate('offline.sync.synced');
  if (phase === 'failed') label = translate('offline.sync.failed', { count: sync.failed });
  if (phase === 'syncing') label = translate('offline.sync.syncing', { count: sync.pending });
  if (phase === 'waiting')
    label = online
      ? translate('offline.sync.waiting', { count: sync.pending })
      : translate('offline.sync.waitingOffline', { count: sync.pending });
  if (phase === 'others') {
    const [first] = sync.waitingForOthers;
    const count = sync.waitingForOthers.reduce((n, a) => n + a.count, 0);
    label = first.label
      ? translate('offline.sync.waitingFor', { count, account: first.label })
      : translate('offline.sync.waitingForAnother', { count });
  }
  const title = sync.lastSyncedAt ? translate('offline.sync.lastSynced', { at: formatDateTime(sync.lastSyncedAt, locale) }) : undefined;
  const hidden = phase === 'synced' && !showSynced;

  return (
    <div className={`sync-status sync-status--${phase}${hidden ? ' visually-hidden' : ''}`} role="status">
      <p className="sync-status__label" title={title}>
        <span
          className={`sync-dot${phase === 'waiting' || phase === 'syncing' || phase === 'others' ? ' sync-dot--pending' : ''}`}
          aria-hidden="true"
        />
        {label}
      </p>
      {phase === 'failed' ? (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {translate('offline.sync.review')}
        </button>
      ) : null}
      {open && phase === 'failed' ? (
        <ul className="sync-status__failed">
          {sync.failedEntries.map((entry) => (
            <li key={entry.seq}>
              <strong>{entry.label ?? `${entry.method} ${entry.url}`}</strong>
              <span>{reason(entry as OutboxEntry)}</span>
              <span className="button-row">
                <button type="button" className="button button--small button--secondary" onClick={() => void syncActions.retry(entry.seq!)}>
                  {translate('offline.sync.retry')}
                </button>
                <button type="button" className="button button--small button--danger" onClick={() => void syncActions.discard(entry.seq!)}>
                  {translate('offline.sync.discard')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
