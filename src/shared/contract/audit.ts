/** The audit trail on the wire: GET /api/admin/audit/ (paged) and …/export.csv, admins only. */
import { Type, type Static } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_GROUP_NAMES, AUDIT_PAGE_SIZE } from '../audit-actions';
import { DateTime, Nullable } from './common';

const AnyJson = Type.Unsafe<unknown>({ description: 'The values as they were (before) or became (after); null when none.' });

export const AuditQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: `Default ${AUDIT_PAGE_SIZE}.` })),
  person: Type.Optional(Type.String({ maxLength: 254, description: 'A user id or email: entries by that person or about them.' })),
  cause: Type.Optional(Type.String({ maxLength: 100, description: 'A cause id.' })),
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  group: Type.Optional(Type.Enum([...AUDIT_GROUP_NAMES])),
});
export type AuditFilters = Static<typeof AuditQuery>;

const Person = Nullable(Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }));

export const AuditEntrySchema = Type.Object({
  seq: Type.Integer(),
  at: DateTime,
  actor: Person,
  action: Type.Enum([...AUDIT_ACTIONS]),
  cause_id: Nullable(Type.String()),
  subject: Person,
  target_type: Nullable(Type.String()),
  target_id: Nullable(Type.String()),
  ip: Type.String(),
  device: Type.String({ description: 'Browser and system read from user_agent.' }),
  user_agent: Type.String(),
  before: AnyJson,
  after: AnyJson,
  hash: Type.String(),
  prev_hash: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditCheckSchema = Type.Object({
  ok: Type.Boolean(),
  rows: Type.Integer(),
  head: Nullable(Type.String({ description: 'The newest row’s hash: keep it elsewhere to notice rows cut off the end.' })),
  problems: Type.Array(Type.Object({ seq: Type.Integer(), problem: Type.String() })),
});
export type AuditCheck = Static<typeof AuditCheckSchema>;
