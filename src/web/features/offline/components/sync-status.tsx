import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../../shared/dates';
import { syncActions, syncState } from '../stores/sync-store';
import './offline.css';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Pending outbox count, failures the user can retry or discard, or 'All changes synced'. */
export function SyncStatus() {
  const sync = useSnapshot(syncState);
  const [open, setOpen] = useState(false);
  if (!sync.ready) return null;

  let label = 'All changes synced';
  if (sync.pending > 0) label = `${plural(sync.pending, 'change')} waiting to sync`;
  if (sync.failed > 0) label = `${plural(sync.failed, 'change')} could not be sent`;
  const title = sync.lastSyncedAt ? `Last synced ${formatDateTime(sync.lastSyncedAt)}` : undefined;

  // With nothing waiting the pill would only cover content on a small phone: screen readers still
  // hear the state, sighted users see the pill only while something is waiting or failed.
  const idle = sync.pending === 0 && sync.failed === 0;
  return (
    <div className={`sync-status${sync.failed > 0 ? ' sync-status--failed' : ''}${idle ? ' visually-hidden' : ''}`}>
      <p className="sync-status__label" title={title}>
        <span className={`sync-dot${sync.pending > 0 ? ' sync-dot--pending' : ''}`} aria-hidden="true" />
        {label}
      </p>
      {sync.failed > 0 ? (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          Review
        </button>
      ) : null}
      {open && sync.failed > 0 ? (
        <ul className="sync-status__failed">
          {sync.failedEntries.map((entry) => (
            <li key={entry.seq}>
              <code>{entry.method} {entry.url}</code>
              <span>{entry.lastError}</span>
              <span className="button-row">
                <button type="button" className="button button--small button--secondary" onClick={() => void syncActions.retry(entry.seq!)}>Retry</button>
                <button type="button" className="button button--small button--danger" onClick={() => void syncActions.discard(entry.seq!)}>Discard</button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
