/**
 * The audit trail: one INSERT per event (the trigger of migration 0022 numbers it and chains its
 * hash to the previous row under an advisory lock), read newest first with filters, and checked
 * end to end: every row's hash recomputed from its columns, every prev_hash equal to the hash of
 * the row before, and no seq missing. An edited row fails its own hash; a deleted one leaves a gap
 * and a prev_hash that points at nothing. Rows cut off the end leave a valid, shorter chain: the
 * check answers the head hash so it can be noted elsewhere and compared.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '../../shared/audit-actions';
import { queryRows, type Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntryInput {
  actorId: string | null;
  action: AuditAction;
  causeId?: string | null;
  subjectUserId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  ip: string;
  userAgent: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditFilter {
  personId?: string;
  causeId?: string;
  actions?: readonly string[];
}

export interface AuditRowView {
  seq: number;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: AuditAction;
  causeId: string | null;
  subjectUserId: string | null;
  subjectName: string | null;
  subjectEmail: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string;
  userAgent: string;
  before: unknown;
  after: unknown;
  hash: string;
  prevHash: string;
}

export interface ChainProblem {
  seq: number;
  problem: string;
}

const GENESIS = '0'.repeat(64);
const CHECK_BATCH = 2000;

function jsonOrNull(value: unknown): SQL | null {
  return value === undefined || value === null ? null : sql`${JSON.stringify(value)}::jsonb`;
}

export class AuditLogRepo {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntryInput): Promise<void> {
    await this.db.execute(sql`INSERT INTO ${auditLog}
      (actor_id, action, cause_id, subject_user_id, target_type, target_id, ip, user_agent, before, after, prev_hash, hash)
      VALUES (${entry.actorId}, ${entry.action}, ${entry.causeId ?? null}, ${entry.subjectUserId ?? null}, ${entry.targetType ?? null},
        ${entry.targetId ?? null}, ${entry.ip}, ${entry.userAgent}, ${jsonOrNull(entry.before)}, ${jsonOrNull(entry.after)}, '', '')`);
  }

  private where(filter: AuditFilter): SQL | undefined {
    return and(
      filter.personId ? or(eq(auditLog.actorId, filter.personId), eq(auditLog.subjectUserId, filter.personId)) : undefined,
      filter.causeId ? eq(auditLog.causeId, filter.causeId) : undefined,
      filter.actions ? inArray(auditLog.action, [...filter.actions]) : undefined,
    );
  }

  async count(filter: AuditFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(this.where(filter));
    return Number(row?.n ?? 0);
  }

  /** Newest first, with the names of the people involved (erased accounts keep their anonymised names). */
  async list(filter: AuditFilter, limit: number, offset: number): Promise<AuditRowView[]> {
    const where = this.where(filter);
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT a.seq, a.at, a.actor_id, trim(actor.first_name || ' ' || actor.last_name) AS actor_name, actor.email AS actor_email,
          a.action, a.cause_id, a.subject_user_id, trim(subject.first_name || ' ' || subject.last_name) AS subject_name,
          subject.email AS subject_email, a.target_type, a.target_id, a.ip, a.user_agent, a.before, a.after, a.hash, a.prev_hash
        FROM (SELECT * FROM ${auditLog} ${where ? sql`WHERE ${where}` : sql``} ORDER BY seq DESC LIMIT ${limit} OFFSET ${offset}) a
        LEFT JOIN users actor ON actor.id = a.actor_id
        LEFT JOIN users subject ON subject.id = a.subject_user_id
        ORDER BY a.seq DESC`,
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      at: new Date(r.at as string),
      actorId: (r.actor_id as string | null) ?? null,
      actorName: (r.actor_name as string | null) ?? null,
      actorEmail: (r.actor_email as string | null) ?? null,
      action: r.action as AuditAction,
      causeId: (r.cause_id as string | null) ?? null,
      subjectUserId: (r.subject_user_id as string | null) ?? null,
      subjectName: (r.subject_name as string | null) ?? null,
      subjectEmail: (r.subject_email as string | null) ?? null,
      targetType: (r.target_type as string | null) ?? null,
      targetId: (r.target_id as string | null) ?? null,
      ip: r.ip as string,
      userAgent: r.user_agent as string,
      before: parseJson(r.before),
      after: parseJson(r.after),
      hash: r.hash as string,
      prevHash: r.prev_hash as string,
    }));
  }

  /** Walks the whole chain in seq order, a batch at a time; what is wrong, row by row. */
  async verify(): Promise<{ rows: number; head: string | null; problems: ChainProblem[] }> {
    const problems: ChainProblem[] = [];
    let rows = 0;
    let expectedSeq = 1;
    let previousHash = GENESIS;
    let head: string | null = null;
    for (;;) {
      const batch = await queryRows<{ seq: string | number; prev_hash: string; hash: string; computed: string }>(
        this.db,
        sql`SELECT a.seq, a.prev_hash, a.hash, boafo_audit_hash(a) AS computed FROM ${auditLog} a
          WHERE a.seq >= ${expectedSeq} ORDER BY a.seq LIMIT ${CHECK_BATCH}`,
      );
      for (const row of batch) {
        const seq = Number(row.seq);
        if (seq !== expectedSeq) {
          problems.push({ seq: expectedSeq, problem: `rows ${expectedSeq}–${seq - 1} are missing` });
        }
        if (row.prev_hash !== previousHash) problems.push({ seq, problem: 'does not follow the row before it (prev_hash differs)' });
        if (row.computed !== row.hash) problems.push({ seq, problem: 'was changed after it was written (its hash does not match)' });
        previousHash = row.hash;
        expectedSeq = seq + 1;
        head = row.hash;
        rows += 1;
      }
      if (batch.length < CHECK_BATCH) break;
    }
    return { rows, head, problems };
  }
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
