/**
 * A cause's statement as text: the cells every format shows (date, type, donor, reference, method,
 * amount in GHS, status), its totals, and the CSV file (RFC 4180). The PDF draws the same cells
 * (statement-pdf.ts), so both downloads always agree.
 */
import { toDecimalString } from '../../shared/money';
import { methodLabel } from '../../shared/payment-methods';
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
export const COLUMNS = ['Date (UTC)', 'Type', 'Donor', 'Reference', 'Method', 'Amount (GHS)', 'Status'] as const;

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

export function statementCells(row: StatementRow): string[] {
  return [
    stamp(row.at),
    row.kind,
    row.kind === 'withdrawal' ? '' : (row.donor ?? ''),
    row.reference ?? '',
    row.method ? methodLabel(row.method) : '',
    toDecimalString(row.amount),
    row.status,
  ];
}

/** Label → amount lines closing both formats. */
export function totalsLines(t: StatementTotals): [string, number][] {
  return [
    [`Donations (${t.donationCount})`, t.donations],
    ['Refunded to donors', t.refunds],
    ['Withdrawals paid', t.withdrawn],
    ['Withdrawals on their way', t.inFlight],
    ['Net (donations less refunds and withdrawals paid)', t.net],
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
export function statementCsv(s: CauseStatement): string {
  const line = (cells: readonly string[]) => cells.map(field).join(',');
  const blank = COLUMNS.map(() => '');
  const totals = totalsLines(statementTotals(s.rows)).map(([label, amount]) => {
    const cells = [...blank];
    cells[0] = label;
    cells[5] = toDecimalString(amount);
    return line(cells);
  });
  return `\uFEFF${[line(COLUMNS), ...s.rows.map((row) => line(statementCells(row))), line(blank), ...totals].join('\r\n')}\r\n`;
}
