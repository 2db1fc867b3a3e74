import { useId, useState } from 'react';
import type { Cause } from '../../../../shared/contract/causes';
import { errorMessage, getBlob } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n';
import type { Locale } from '../../../../shared/i18n/locales';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../stores/toast-store';

type Format = 'a4' | 'flyer';

/** The poster is printed in the language the organizer reads the app in. */
export const posterPath = (causeId: string, format: Format, locale: Locale) =>
  `/api/causes/${encodeURIComponent(causeId)}/poster.pdf?format=${format}&lang=${locale}`;

/** The organizer's printable poster of the cause (A4, or four flyers to a page), fetched with the session's token. */
export function PrintPoster({ cause }: { cause: Cause }) {
  const id = useId();
  const [busy, setBusy] = useState<Format | null>(null);
  const locale = useLocale();
  const t = useT();

  async function download(format: Format) {
    setBusy(format);
    try {
      const blob = await getBlob(posterPath(cause.id, format, locale));
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
          {busy === format ? t('causes.poster.downloading') : t(format === 'a4' ? 'causes.poster.a4' : 'causes.poster.flyer')}
        </button>
      ))}
    </div>
  );
}
