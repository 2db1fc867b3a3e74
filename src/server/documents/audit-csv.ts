/** The audit trail as CSV (RFC 4180, UTF-8 with BOM, CRLF), cells guarded against spreadsheet formulas. */
import { deviceLabel } from '../lib/user-agent';
import type { AuditRowView } from '../repositories/audit-log';
import { safeCell } from './cause-statement';

const COLUMNS = [
  'seq',
  'at',
  'actor_email',
  'actor_name',
  'action',
  'cause_id',
  'subject_email',
  'target_type',
  'target_id',
  'ip',
  'device',
  'user_agent',
  'before',
  'after',
  'prev_hash',
  'hash',
] as const;

function field(value: string): string {
  const safe = safeCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export function auditCsv(rows: AuditRowView[]): string {
  const line = (cells: readonly string[]) => cells.map(field).join(',');
  const body = rows.map((r) =>
    line([
      String(r.seq),
      r.at.toISOString(),
      r.actorEmail ?? '',
      r.actorName ?? '',
      r.action,
      r.causeId ?? '',
      r.subjectEmail ?? '',
      r.targetType ?? '',
      r.targetId ?? '',
      r.ip,
      deviceLabel(r.userAgent),
      r.userAgent,
      json(r.before),
      json(r.after),
      r.prevHash,
      r.hash,
    ]),
  );
  return `\uFEFF${[line(COLUMNS), ...body].join('\r\n')}\r\n`;
}
