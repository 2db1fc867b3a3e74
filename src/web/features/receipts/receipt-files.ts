import { getBlob } from '../../lib/api-client';
import { session } from '../../stores/session-store';
import { getDb } from '../offline/db';

/** Enough for the latest gifts and a statement or two; older copies give way. */
export const KEEP_PDFS = 10;

export const receiptPath = (reference: string) => `/api/payments/${encodeURIComponent(reference)}/receipt.pdf`;
export const statementPath = (year: number) => `/api/donations/statement/${year}.pdf`;

// A signed link changes with every verify answer; the document it names does not.
const storageKey = (owner: string, path: string) => `${owner}|${path.split('?')[0]}`;

function save(bytes: ArrayBuffer, filename: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
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

async function keep(owner: string, path: string, filename: string, bytes: ArrayBuffer): Promise<void> {
  const db = getDb();
  await db.transaction('rw', db.receipts, async () => {
    await db.receipts.put({ key: storageKey(owner, path), owner, filename, bytes, savedAt: Date.now() });
    const stale = await db.receipts.orderBy('savedAt').reverse().offset(KEEP_PDFS).primaryKeys();
    if (stale.length > 0) await db.receipts.bulkDelete(stale);
  });
}

/**
 * Fetches a PDF (with the session's token, or a signed `path`), saves it to the device's downloads
 * and keeps a copy; without a connection the kept copy is saved instead. Throws when neither works.
 */
export async function downloadPdf(path: string, filename: string): Promise<void> {
  const owner = session.user_id ?? '';
  let bytes: ArrayBuffer;
  try {
    bytes = await (await getBlob(path)).arrayBuffer();
  } catch (error) {
    // Only a failed connection falls back: an answer from the server (no access, not found) stands.
    if (!(error instanceof TypeError)) throw error;
    const copy = await getDb()
      .receipts.get(storageKey(owner, path))
      .catch(() => undefined);
    if (!copy) throw error;
    save(copy.bytes, copy.filename);
    return;
  }
  save(bytes, filename);
  await keep(owner, path, filename, bytes).catch(() => {});
}
