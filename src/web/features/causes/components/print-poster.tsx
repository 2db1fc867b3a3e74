import { useId, useState } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import { errorMessage, getBlob } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../stores/toast-store';
import { useT } from '../../../lib/i18n';

type Format = 'a4' | 'flyer';

export const posterPath = (causeId: string, format: Format) => `/api/causes/${encodeURIComponent(causeId)}/poster.pdf?format=${format}`;

/** The organizer's printable poster of the cause (A4, or four flyers to a page), fetched with the session's token. */
export function PrintPoster({ cause }: { cause: Cause }) {
  const t = useT();
  const id = useId();
  const [busy, setBusy] = useState<Format | null>(null);

  async function download(format: Format) {
    setBusy(format);
    try {
      const blob = await getBlob(posterPath(cause.id, format));
      saveFile(blob, `boafo-poster-${cause.short_code ?? cause.id}-${format}.pdf`);
    } catch (error) {
      toast.error(errorMessage(error, t('causes.poster.failed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="print-poster" role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-hint`}>
      <p id={`${id}-title`} className="print-poster__title">
        {t('causes.poster.title')}
      </p>
      <p id={`${id}-hint`} className="field__hint">
        {t('causes.poster.hint')}
      </p>
      {(['a4', 'flyer'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button--secondary"
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => void download(format)}
        >
          {busy === format ? t('causes.poster.busy') : t(format === 'a4' ? 'causes.poster.a4' : 'causes.poster.flyer')}
        </button>
      ))}
    </div>
  );
}
