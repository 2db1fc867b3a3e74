import type { DonationRecord } from '../../../../shared/contract/donations';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { parseAmount, toDecimalString } from '../../../../shared/money';

/** Spec §2: the filter choice the sort keys on. */
export type HistoryKey = 'date' | 'amount' | 'organizer' | 'category';
export type SortDirection = 'asc' | 'desc';

export const HISTORY_KEYS: { key: HistoryKey; label: WebMessageId }[] = [
  { key: 'date', label: 'history.key.date' },
  { key: 'amount', label: 'history.key.amount' },
  { key: 'organizer', label: 'history.key.organizer' },
  { key: 'category', label: 'history.key.category' },
];

/** Spec §9: default sort Amount descending. */
export const DEFAULT_KEY: HistoryKey = 'amount';
export const DEFAULT_DIRECTION: SortDirection = 'desc';
/** Spec §9: titles are resolved for at most 50 distinct causes. */
export const MAX_TITLE_LOOKUPS = 50;

export interface HistoryRow extends DonationRecord {
  /** The title to show: the API's, else the saved cause's, else the first 8 characters of the id. */
  title: string;
}

const pesewas = (r: DonationRecord) => parseAmount(r.amount) ?? 0;

/** Spec §5: cause title (case-insensitive) or the amount as text ("25", "25.00"). */
export function searchHistory(rows: HistoryRow[], query: string): HistoryRow[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((r) => {
    if (r.title.toLowerCase().includes(q)) return true;
    const amount = toDecimalString(pesewas(r));
    return amount.includes(q) || r.amount.includes(q);
  });
}

function compare(key: HistoryKey): (a: HistoryRow, b: HistoryRow) => number {
  switch (key) {
    case 'date':
      return (a, b) => (Date.parse(a.donated_at) || 0) - (Date.parse(b.donated_at) || 0);
    case 'amount':
      return (a, b) => pesewas(a) - pesewas(b);
    case 'organizer':
      return (a, b) => (a.organizer_id ?? '').localeCompare(b.organizer_id ?? '');
    case 'category':
      return (a, b) => (a.category ?? '').localeCompare(b.category ?? '');
  }
}

/** Stable sort by the chosen key; ties keep the newest first. */
export function sortHistory(rows: HistoryRow[], key: HistoryKey, direction: SortDirection): HistoryRow[] {
  const by = compare(key);
  const sign = direction === 'asc' ? 1 : -1;
  const newest = compare('date');
  return [...rows].sort((a, b) => sign * by(a, b) || -newest(a, b) || a.id.localeCompare(b.id));
}

/**
 * Titles: the API's cause_title; for causes without one, the saved cause (looked up for at most
 * 50 distinct causes); else the first 8 characters of the cause id.
 */
export async function resolveTitles(
  records: DonationRecord[],
  lookup: (ids: string[]) => Promise<Map<string, string>>,
): Promise<HistoryRow[]> {
  const missing = [...new Set(records.filter((r) => !r.cause_title?.trim()).map((r) => r.cause_id))].slice(0, MAX_TITLE_LOOKUPS);
  const found = missing.length ? await lookup(missing).catch(() => new Map<string, string>()) : new Map<string, string>();
  return records.map((r) => ({ ...r, title: r.cause_title?.trim() || found.get(r.cause_id) || r.cause_id.slice(0, 8) }));
}
