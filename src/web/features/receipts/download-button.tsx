import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { toast } from '../../stores/toast-store';
import { downloadPdf } from './receipt-files';

export const DOWNLOADING = 'Downloading...';

function failure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'This receipt is not available yet.';
  if (error instanceof TypeError) return 'You are offline and this file was not saved on this device yet.';
  return errorMessage(error, 'The download failed. Please try again.');
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
      {busy ? DOWNLOADING : label}
    </button>
  );
}
