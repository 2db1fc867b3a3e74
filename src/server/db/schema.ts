/**
 * Drizzle schema: the single source for migrations (npm run db:generate) and
 * typed queries. PostgreSQL dialect only, shared by PGlite and node-postgres.
 * Everything several processes must agree on (tokens, limits, idempotency
 * keys, media, the JWT secret) lives here, never in process memory.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // pg returns Buffer, PGlite returns Uint8Array; callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Image sizes of one uploaded picture: width in px ("96") → media hash. */
export type ImageSizes = Record<string, string>;

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lowercased; unique on lower(email) as a second guard. */
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
  username: text('username'),
  occupation: text('occupation').notNull().default(''),
  bio: text('bio').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''),
  address: text('address').notNull().default(''),
  withdrawalAddress: jsonb('withdrawal_address').$type<Record<string, unknown>>(),
  profilePicture: jsonb('profile_picture').$type<ImageSizes>(),
  coverPhoto: jsonb('cover_photo').$type<ImageSizes>(),
  isVerified: boolean('is_verified').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)]);

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** All tokens rotated from one login share a family; reuse revokes the family. */
  familyId: uuid('family_id').notNull(),
  /** sha256 hex of the opaque token; the token itself is never stored. */
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  replacedBy: uuid('replaced_by'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
  index('refresh_tokens_family_idx').on(t.familyId),
]);

/** One row per failed login, counted per "email:…" and "ip:…" scope within a window. */
export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  scope: text('scope').notNull(),
  createdAt: createdAt(),
}, (t) => [index('login_failures_scope_idx').on(t.scope, t.createdAt)]);

export const idempotencyKeys = pgTable('idempotency_keys', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  fingerprint: text('fingerprint').notNull(),
  /** null while the first request is still running. */
  status: integer('status'),
  contentType: text('content_type'),
  body: text('body'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)]);

/** Uploaded, re-encoded images keyed by the sha256 of their bytes. */
export const media = pgTable('media', {
  hash: text('hash').primaryKey(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdAt: createdAt(),
});

/** Small shared settings such as the generated JWT secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Which seed steps already ran on this database. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
