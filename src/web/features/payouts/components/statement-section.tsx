import { useId, useState } from 'react';
import { firstFieldError } from '../../../../shared/api-errors';
import { utcDay } from '../../../../shared/cause-deadline';
import { ApiError, errorMessage, getBlob } from '../../../lib/api-client';
import { toast } from '../../../stores/toast-store';
import { useT } from '../../../lib/i18n';

type Format = 'csv' | 'pdf';

export const statementPath = (causeId: string, format: Format, from: string, to: string) =>
  `/api/causes/${encodeURIComponent(causeId)}/statement.${format}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** Hands the file to the browser's downloads (an object URL clicked through a temporary link). */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after the click returns; revoking at once can cancel the save.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The organizer's statement of a cause: its donations, refunds and withdrawals of the chosen days
 * (UTC, both included) as CSV for a spreadsheet or PDF to keep. Fetched with the session's token,
 * so it needs a connection; nothing is kept on the device (it names donors).
 */
export function StatementSection({ causeId, createdAt }: { causeId: string; createdAt: string }) {
  const id = useId();
  const t = useT();
  const [from, setFrom] = useState(() => createdAt.slice(0, 10));
  const [to, setTo] = useState(() => utcDay());
  const [busy, setBusy] = useState<Format | null>(null);

  async function download(format: Format) {
    setBusy(format);
    try {
      const blob = await getBlob(statementPath(causeId, format, from, to));
      save(blob, `boafo-${causeId}-${from}-${to}.${format}`);
    } catch (error) {
      const body = error instanceof ApiError ? error.errorBody : null;
      const fallback = t('payouts.statement.failed');
      toast.error(firstFieldError(body, 'to') ?? firstFieldError(body, 'from') ?? errorMessage(error, fallback));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('payouts.statement.title')}</h2>
      <p>{t('payouts.statement.lead')}</p>
      <div className="statement-range">
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('payouts.statement.from')}</label>
          <input id={`${id}-from`} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('payouts.statement.to')}</label>
          <input id={`${id}-to`} type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      <p className="button-row">
        {(['csv', 'pdf'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button button--secondary"
            disabled={busy !== null || !from || !to}
            aria-busy={busy === format}
            onClick={() => void download(format)}
          >
            {busy === format ? t('payouts.statement.downloading') : t('payouts.statement.download', { format: format.toUpperCase() })}
          </button>
        ))}
      </p>
    </section>
  );
}
