import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { t, useT } from '../../lib/i18n';
import { toast } from '../../stores/toast-store';
import { downloadPdf } from './receipt-files';

function failure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return t('receipts.notYet');
  if (error instanceof TypeError) return t('receipts.offline');
  return errorMessage(error, t('receipts.failed'));
}

export interface DownloadButtonProps {
  path: string;
  filename: string;
  label: string;
  className?: string;
}

/** Fetches a PDF through the API client (it needs the session's token) and saves it. */
export function DownloadButton({ path, filename, label, className = 'button button--small button--secondary' }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const translate = useT();

  const run = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await downloadPdf(path, filename);
    } catch (error) {
      toast.error(failure(error));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => void run()}>
      {busy ? translate('receipts.downloading') : label}
    </button>
  );
}
