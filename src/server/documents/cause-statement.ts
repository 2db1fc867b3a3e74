/**
 * A cause's statement as text: the cells every format shows (date, type, donor, reference, method,
 * amount in GHS, status), its totals, and the CSV file (RFC 4180). The PDF draws the same cells
 * (statement-pdf.ts), so both downloads always agree. Headings and words are in the reader's language;
 * in English the type and status columns keep the codes they have always shown.
 */
import { toDecimalString } from '../../shared/money';
import type { Translate } from '../lib/i18n';
import { methodName } from '../lib/receipt-format';
import type { StatementRow } from '../repositories/statements';

export interface CauseStatement {
  causeId: string;
  causeTitle: string;
  /** YYYY-MM-DD, both days included (UTC). */
  from: string;
  to: string;
  rows: StatementRow[];
}

export interface StatementTotals {
  /** Pesewas. */
  donations: number;
  donationCount: number;
  /** Refunded to donors; never part of the balance (see the ledger). */
  refunds: number;
  /** Withdrawals paid out. */
  withdrawn: number;
  /** Withdrawals requested, approved or processing. */
  inFlight: number;
  /** Donations less paid withdrawals: what the range added to the cause's balance. */
  net: number;
}

const IN_FLIGHT = ['awaiting_treasurers', 'requested', 'approved', 'processing'];
/** Refunds of credited donations (the refunds table); a flagged payment refunded before it was ever credited reads 'refunded' and is listed outside the totals. */
const REFUNDED_AFTER_CREDIT = ['pending', 'processed'];
export const columns = (t: Translate) => [
  t('documents.statement.columnDate'),
  t('documents.statement.columnType'),
  t('documents.statement.columnDonor'),
  t('documents.statement.columnReference'),
  t('documents.statement.columnMethod'),
  t('documents.statement.columnAmount'),
  t('documents.statement.columnStatus'),
];

export function statementTotals(rows: StatementRow[]): StatementTotals {
  const t = { donations: 0, donationCount: 0, refunds: 0, withdrawn: 0, inFlight: 0, net: 0 };
  for (const row of rows) {
    if (row.kind === 'donation') {
      t.donations += row.amount;
      t.donationCount += 1;
    } else if (row.kind === 'refund') {
      if (REFUNDED_AFTER_CREDIT.includes(row.status)) t.refunds += row.amount;
    } else if (row.status === 'paid') t.withdrawn += row.amount;
    else if (IN_FLIGHT.includes(row.status)) t.inFlight += row.amount;
  }
  return { ...t, net: t.donations - t.refunds - t.withdrawn };
}

/** "2026-03-10 14:05": sorts as text and reads the same in every locale. */
const stamp = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

function kindName(t: Translate, kind: StatementRow['kind']): string {
  switch (kind) {
    case 'donation':
      return t('documents.statement.kindDonation');
    case 'refund':
      return t('documents.statement.kindRefund');
    case 'withdrawal':
      return t('documents.statement.kindWithdrawal');
  }
}

/** The status of a donation, refund or withdrawal; one the statement does not know reads as stored. */
function statusName(t: Translate, status: string): string {
  switch (status) {
    case 'completed':
      return t('documents.statement.statusCompleted');
    case 'refunded':
      return t('documents.statement.statusRefunded');
    case 'pending':
      return t('documents.statement.statusPending');
    case 'processed':
      return t('documents.statement.statusProcessed');
    case 'awaiting_treasurers':
      return t('documents.statement.statusAwaitingTreasurers');
    case 'requested':
      return t('documents.statement.statusRequested');
    case 'approved':
      return t('documents.statement.statusApproved');
    case 'processing':
      return t('documents.statement.statusProcessing');
    case 'paid':
      return t('documents.statement.statusPaid');
    case 'failed':
      return t('documents.statement.statusFailed');
    case 'rejected':
      return t('documents.statement.statusRejected');
    default:
      return status;
  }
}

/** The donor column: a name as given, or the words the statement query writes for anonymous and nameless donors. */
function donorName(t: Translate, donor: string | null): string {
  if (donor === 'Anonymous') return t('documents.statement.anonymous');
  if (donor === 'A donor') return t('documents.statement.aDonor');
  return donor ?? '';
}

export function statementCells(row: StatementRow, t: Translate): string[] {
  return [
    stamp(row.at),
    kindName(t, row.kind),
    row.kind === 'withdrawal' ? '' : donorName(t, row.donor),
    row.reference ?? '',
    row.method ? methodName(t, row.method) : '',
    toDecimalString(row.amount),
    statusName(t, row.status),
  ];
}

/** Label → amount lines closing both formats. */
export function totalsLines(totals: StatementTotals, t: Translate): [string, number][] {
  return [
    [t('documents.statement.totalDonations', { count: String(totals.donationCount) }), totals.donations],
    [t('documents.statement.totalRefunds'), totals.refunds],
    [t('documents.statement.totalWithdrawn'), totals.withdrawn],
    [t('documents.statement.totalInFlight'), totals.inFlight],
    [t('documents.statement.totalNet'), totals.net],
  ];
}

/**
 * A cell a spreadsheet will not run: text starting with = + - @ (or a tab / carriage return, which
 * some spreadsheets strip before looking) is a formula there, so it is prefixed with a quote
 * (OWASP "CSV injection"). Donor names and cause titles are written by anyone.
 */
export function safeCell(value: string): string {
  // A plain amount ("-12.50", a negative net) is a number to a spreadsheet, never a formula.
  if (/^-?\d+(\.\d+)?$/.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function field(value: string): string {
  const safe = safeCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV file: a byte-order mark (spreadsheets then read UTF-8 names right), CRLF lines, totals last. */
export function statementCsv(s: CauseStatement, t: Translate): string {
  const line = (cells: readonly string[]) => cells.map(field).join(',');
  const header = columns(t);
  const blank = header.map(() => '');
  const totals = totalsLines(statementTotals(s.rows), t).map(([label, amount]) => {
    const cells = [...blank];
    cells[0] = label;
    cells[5] = toDecimalString(amount);
    return line(cells);
  });
  return `\uFEFF${[line(header), ...s.rows.map((row) => line(statementCells(row, t))), line(blank), ...totals].join('\r\n')}\r\n`;
}
