/**
 * Drizzle schema: the single source for migrations (npm run db:generate) and
 * typed queries. PostgreSQL dialect only, shared by PGlite and node-postgres.
 * Everything several processes must agree on (tokens, limits, idempotency
 * keys, media, the JWT secret) lives here, never in process memory.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CAUSE_STATUSES,
  DONATION_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_RESOLUTIONS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  SUBSCRIPTION_STATUSES,
  TREASURER_DECISIONS,
  TREASURER_STATUSES,
  WITHDRAWAL_STATUSES,
} from '../../shared/contract/statuses';
import { MOBILE_NETWORKS } from '../../shared/phone';
import type { NotificationKind } from '../../shared/contract/account';

// The status lists are the API contract's (a status the API cannot name must not be stored);
// re-exported so server code keeps reading them from here. PAYMENT_RESOLUTIONS: how an admin
// settled a flagged payment (credited the amount received, or refunded the donor).
export { CAUSE_STATUSES, DONATION_STATUSES, PAYMENT_METHODS, PAYMENT_RESOLUTIONS, PAYMENT_STATUSES, WITHDRAWAL_STATUSES };

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // pg returns Buffer, PGlite returns Uint8Array; callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Image sizes of one uploaded picture: width in px ("96") → media hash. */
export type ImageSizes = Record<string, string>;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lowercased; unique on lower(email) as a second guard. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
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
    /** The language mail, receipts and API texts speak to this person (en, ak, ee, ha, gaa); null = not chosen. */
    locale: text('locale'),
    /** Set when the person deleted their account: the row is kept, anonymised, for the ledger. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens rotated from one login share a family; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    /** sha256 hex of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    /** The token this one was rotated from (null for a login's first); a token may have several (refresh grace). */
    parentId: uuid('parent_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_parent_idx').on(t.parentId),
  ],
);

/**
 * Sign-in attempts per "email:…" and "ip:…" scope in a fixed window. An attempt reserves its
 * slot (one upsert that increments and returns the count) before any password is checked,
 * so concurrent attempts, in any number of processes, can never check more than the limit.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    scope: text('scope').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    count: integer('count').notNull().default(0),
  },
  (t) => [index('login_attempts_window_idx').on(t.windowStart)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
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
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/**
 * Uploaded, re-encoded images keyed by the sha256 of their bytes. `content` is null once
 * `npm run media:migrate` moved the bytes to the object store (MEDIA_STORE=s3) under the same key.
 */
export const media = pgTable(
  'media',
  {
    hash: text('hash').primaryKey(),
    contentType: text('content_type').notNull(),
    content: bytea('content'),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
    movedToStoreAt: timestamp('moved_to_store_at', { withTimezone: true }),
  },
  // The CHECK that content is null exactly when moved_to_store_at is set lives in migration 0025.
  (t) => [
    index('media_moved_idx')
      .on(t.hash)
      .where(sql`${t.content} IS NULL`),
  ],
);

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

/** Cause categories; names are unique regardless of case ("medical" = "Medical"). */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** Amounts are pesewas (bigint, read as JS numbers: 2^53 pesewas is far beyond any cause). */
export const causes = pgTable(
  'causes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    location: text('location').notNull().default(''),
    /** 0 = no goal: the cause never completes by itself. */
    targetAmount: bigint('target_amount', { mode: 'number' }).notNull().default(0),
    currentAmount: bigint('current_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: CAUSE_STATUSES }).notNull().default('under_review'),
    acceptsDonationsAfterGoal: boolean('accepts_donations_after_goal').notNull().default(false),
    coverImage: jsonb('cover_image').$type<ImageSizes>(),
    rejectionReason: text('rejection_reason'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Distinct completed donors; kept by the donations trigger (migration 0008), never written here. */
    donorCount: integer('donor_count').notNull().default(0),
    /** lower(organizer's "first last") and lower(category name): sort keys kept by triggers (0008). */
    organizerSort: text('organizer_sort').notNull().default(''),
    categorySort: text('category_sort'),
    /** Last day (UTC) the cause takes donations; the sweeper closes it the day after (migration 0013). */
    endDate: date('end_date', { mode: 'string' }),
    /** Six digits people dial and read off posters; a trigger gives it at approval and never reuses one (migration 0024). */
    shortCode: text('short_code'),
  },
  (t) => [
    index('causes_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('causes_short_code_idx').on(t.shortCode),
    // The deadline sweeper: active causes with an end date, soonest first.
    index('causes_active_end_date_idx')
      .on(t.endDate)
      .where(sql`${t.status} = 'active' AND ${t.endDate} IS NOT NULL`),
    index('causes_created_idx').on(t.createdAt),
    index('causes_current_amount_idx').on(t.currentAmount),
    index('causes_target_amount_idx').on(t.targetAmount),
    index('causes_organizer_idx').on(t.organizerId, t.createdAt),
    index('causes_category_idx').on(t.categoryId),
    index('causes_status_idx').on(t.status),
    // Migration 0008 also makes partial indexes per public sort and trigram indexes on name and description.
  ],
);

/**
 * Every approve/reject decision, kept even when a rejected cause is resubmitted
 * and approved later, so the review totals of a period stay true.
 */
export const causeReviews = pgTable(
  'cause_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['approved', 'rejected'] }).notNull(),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cause_reviews_reviewed_at_idx').on(t.reviewedAt, t.decision)],
);

/** One checkout at the provider; `reference` is ours and unguessable. Leaves 'pending' only in settlePayment. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    provider: text('provider').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('GHS'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The cart whose lines for these causes go away when the payment succeeds (never before). */
    cartId: uuid('cart_id'),
    authorizationUrl: text('authorization_url'),
    flaggedReason: text('flagged_reason'),
    /** The provider's last word on it (kept for support); while pending, 'abandoned' = unpaid at the provider so far. */
    providerStatus: text('provider_status'),
    /** The channel the provider says the donor paid with (Paystack's data.channel: card, mobile_money, …); set on success. */
    channel: text('channel'),
    /** Last time someone asked the provider about it (payments/service.ts throttles verifies of unpaid checkouts by it). */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    /** What the provider said it charged when that differed from ours (flagged): pesewas, and its currency. */
    receivedAmount: bigint('received_amount', { mode: 'number' }),
    receivedCurrency: text('received_currency'),
    /** Set once by the admin who settled a flagged payment (payments/resolve.ts). */
    resolution: text('resolution', { enum: PAYMENT_RESOLUTIONS }),
    resolutionNote: text('resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Last time a sweeper claimed this pending payment to re-verify it (payments/sweeper.ts). */
    sweptAt: timestamp('swept_at', { withTimezone: true }),
    /** An allowed client's origin (CORS_ORIGINS) the donor returns to after paying; null = our own app. */
    returnOrigin: text('return_origin'),
    /** A monthly gift's charge: which subscription, and which month of it (1 = the first checkout). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    subscriptionPeriod: integer('subscription_period'),
    /** A resent mobile money prompt: the gift's first payment (every settlement of the chain locks that row first). */
    retryOf: uuid('retry_of'),
    /** The payment that took this one's donations when the donor asked for a new prompt. */
    supersededBy: uuid('superseded_by'),
    /** The language of the request that started it: a guest's receipt mail and PDF speak it (a signed-in donor's own choice wins). */
    locale: text('locale'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_reference_idx').on(t.reference),
    index('payments_retry_of_idx')
      .on(t.retryOf)
      .where(sql`${t.retryOf} IS NOT NULL`),
    // One charge per month of a monthly gift: a repeated charge request finds the first one.
    uniqueIndex('payments_subscription_period_idx').on(t.subscriptionId, t.subscriptionPeriod),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    // The admin's queue of flagged payments, and the resolved ones.
    index('payments_flagged_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'flagged'`),
    index('payments_resolved_idx')
      .on(t.resolvedAt.desc())
      .where(sql`${t.resolution} IS NOT NULL`),
  ],
);

/** Written by the payments flow; donor_id is null for guests (then email identifies the donor). */
export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    donorId: uuid('donor_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    donorName: text('donor_name').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    country: text('country').notNull().default(''),
    phoneCountryCode: text('phone_country_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    /** What the donor chose on the form until the payment succeeds; then what the provider says was paid (null: another or no channel). */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The amount first pledged, kept when an admin credited a flagged payment's received amount instead. */
    pledgedAmount: bigint('pledged_amount', { mode: 'number' }),
    /** How much of amount went back to the donor (refunds, pending ones included); amount − this is what counts. */
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: DONATION_STATUSES }).notNull().default('pending'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The reference of the payment that carries this donation (several donations share one). */
    reference: text('reference'),
    /** Words of support (at most 280 characters, checked by the API); public once completed, unless hidden. */
    message: text('message'),
    /** Set when the organizer or an admin hid the message from the cause page. */
    messageHiddenAt: timestamp('message_hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The number (233XXXXXXXXX) the donor asked to get the receipt and the cause's updates on by SMS (migration 0023). */
    smsPhone: text('sms_phone'),
  },
  (t) => [
    index('donations_donor_created_idx').on(t.donorId, t.createdAt),
    index('donations_cause_status_idx').on(t.causeId, t.status),
    index('donations_status_completed_idx').on(t.status, t.completedAt),
    index('donations_status_created_idx').on(t.status, t.createdAt),
    index('donations_reference_idx').on(t.reference),
    index('donations_payment_idx').on(t.paymentId),
    // The public ledger: a cause's completed donations, newest first.
    index('donations_cause_completed_idx')
      .on(t.causeId, t.completedAt.desc())
      .where(sql`${t.status} = 'completed'`),
    // The public ledger's page, in its order (migration 0019): the newest twenty are read, not sorted.
    index('donations_cause_ledger_idx')
      .on(t.causeId, sql`(coalesce(${t.completedAt}, ${t.createdAt})) DESC`, t.id.desc())
      .where(sql`${t.status} = 'completed' AND ${t.refundedAmount} < ${t.amount}`),
    // The cause page's words of support: visible messages of completed donations, newest first.
    index('donations_cause_messages_idx')
      .on(t.causeId, t.completedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'completed' AND ${t.message} IS NOT NULL AND ${t.messageHiddenAt} IS NULL`),
    index('donations_cause_sms_idx')
      .on(t.causeId)
      .where(sql`${t.smsPhone} IS NOT NULL AND ${t.status} = 'completed'`),
  ],
);

/** News an organizer posts on a cause (migration 0010); the cause's donors are told of each. */
export const causeUpdates = pgTable(
  'cause_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    image: jsonb('image').$type<ImageSizes>(),
    createdAt: createdAt(),
  },
  (t) => [index('cause_updates_cause_created_idx').on(t.causeId, t.createdAt.desc(), t.id.desc())],
);

/** The sandbox provider's side of a checkout (amount asked, tester's outcome), shared by every process. */
export const sandboxCharges = pgTable('sandbox_charges', {
  reference: text('reference').primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  outcome: text('outcome', { enum: ['success', 'failed', 'abandoned'] }),
  method: text('method'),
  /** A mobile money prompt: the wallet (233XXXXXXXXX), the code it expects (numbers ending in 0), why it failed. */
  phone: text('phone'),
  otp: text('otp'),
  reason: text('reason'),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/** A payment charged straight to a wallet (issue #30): the prompt's state as the donor's page shows it. */
export const mobileCharges = pgTable('mobile_charges', {
  paymentId: uuid('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'cascade' }),
  /** 233XXXXXXXXX. */
  phone: text('phone').notNull(),
  network: text('network', { enum: MOBILE_NETWORKS }).notNull(),
  /** What the donor must do while the payment is pending. */
  step: text('step', { enum: ['pay_offline', 'send_otp'] }).notNull(),
  displayText: text('display_text').notNull(),
  /** Why it failed, in plain words. */
  reason: text('reason'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * A USSD session a gateway opened (id = `gateway:session id`), so any process answers its next step
 * (ussd/engine.ts). last_key identifies the request last answered, so a retry is answered again
 * without running twice; version guards each save; payment_reference is claimed once per gift.
 */
export const ussdSessions = pgTable(
  'ussd_sessions',
  {
    id: text('id').primaryKey(),
    gateway: text('gateway').notNull(),
    /** 233XXXXXXXXX, or what the gateway sent when it is not a Ghana mobile number. */
    phone: text('phone').notNull(),
    screen: text('screen').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    tries: integer('tries').notNull().default(0),
    lastKey: text('last_key'),
    lastText: text('last_text').notNull(),
    ended: boolean('ended').notNull().default(false),
    paymentReference: text('payment_reference'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ussd_sessions_updated_idx').on(t.updatedAt)],
);

/** "Text me receipts?" as answered on a phone by USSD (ussd/sms-consent.ts). */
export const ussdSmsConsents = pgTable('ussd_sms_consents', {
  phone: text('phone').primaryKey(),
  receipts: boolean('receipts').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The language a phone picked at "0 Language" on the USSD menu: its next session opens in it (migration 0027). */
export const ussdLanguages = pgTable('ussd_languages', {
  phone: text('phone').primaryKey(),
  locale: text('locale').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** id = the cart_id clients keep; user_id set for a signed-in user's one cart, null for guest carts. */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carts_user_idx').on(t.userId)],
);

/** One line per cause; donation_amount is pesewas per unit, the line gives amount × quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    donationAmount: bigint('donation_amount', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_cart_cause_idx').on(t.cartId, t.causeId)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.causeId] }), index('favorites_user_created_idx').on(t.userId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    causeId: uuid('cause_id').references(() => causes.id, { onDelete: 'set null' }),
    /** What it is about, for the app to act on in any language (shared/contract/account.ts NOTIFICATION_KINDS; 0028). */
    kind: text('kind').$type<NotificationKind>().notNull().default('general'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
  ],
);

/** One row per address (stored lowercased); unsubscribing keeps the row so a resubscribe reuses it. */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** sha256 of the confirm link's token; null once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The language of the request that subscribed: the confirm mail and the issues' small print speak it. */
    locale: text('locale'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_email_idx').on(t.email),
    uniqueIndex('newsletter_token_idx').on(t.unsubscribeToken),
    uniqueIndex('newsletter_confirm_token_idx').on(t.confirmTokenHash),
    index('newsletter_confirmed_idx')
      .on(t.email)
      .where(sql`${t.confirmedAt} IS NOT NULL AND ${t.unsubscribedAt} IS NULL`),
  ],
);

export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    recipients: integer('recipients').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('newsletter_issues_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed', 'kept'] as const;
export const OUTBOX_CHANNELS = ['mail', 'sms'] as const;

/** Outgoing mail (migration 0009): written with the change that asks for it, sent by the mail worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** mail, or sms (migration 0023): a text to to_address (233XXXXXXXXX), its words in text_body. */
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull().default('mail'),
    /** The SMS parts a text costs (null for mail). */
    segments: integer('segments'),
    /** The SMS gateway's id for a sent text. */
    providerMessageId: text('provider_message_id'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'sending')`),
    index('mail_outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('mail_outbox_channel_created_idx').on(t.channel, t.createdAt.desc(), t.id.desc()),
  ],
);

export const SMS_CONSENT_STATUSES = ['agreed', 'stopped'] as const;

/** Who may be texted (migration 0023): one row a number, as it last said (a form, USSD, or a STOP/START reply). */
export const smsConsents = pgTable('sms_consents', {
  /** 233XXXXXXXXX. */
  phone: text('phone').primaryKey(),
  status: text('status', { enum: SMS_CONSENT_STATUSES }).notNull(),
  /** donation, profile, ussd or sms (a reply). */
  source: text('source').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const successStories = pgTable(
  'success_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    image: jsonb('image').$type<ImageSizes>(),
    causeId: uuid('cause_id').references(() => causes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('success_stories_created_idx').on(t.createdAt)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    category: text('category').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    content: text('content').notNull().default(''),
    image: jsonb('image').$type<ImageSizes>(),
    url: text('url'),
    authorName: text('author_name').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('blog_posts_slug_idx').on(t.slug), index('blog_posts_published_idx').on(t.publishedAt)],
);

export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull(),
    author: text('author').notNull(),
    role: text('role').notNull().default(''),
    image: jsonb('image').$type<ImageSizes>(),
    createdAt: createdAt(),
  },
  (t) => [index('testimonials_created_idx').on(t.createdAt)],
);

/** A browser's Web Push subscription (one row per endpoint); rows the push service reports gone are deleted. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export const WITHDRAWAL_METHODS = ['bank', 'mobile_money'] as const;

/**
 * A refund asked of the provider (migration 0014): pending → processed | failed. Pending already
 * counts in the donation's refunded_amount; a failure gives it back.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** Ours (bfr- + 24 characters). */
    reference: text('reference').notNull(),
    /** The provider transaction that was refunded (the payment's reference). */
    paymentReference: text('payment_reference'),
    /** The provider's id for the refund; unique, so a webhook finds exactly one row. */
    providerReference: text('provider_reference'),
    providerStatus: text('provider_status'),
    failureReason: text('failure_reason'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_reference_idx').on(t.reference),
    uniqueIndex('refunds_provider_reference_idx').on(t.providerReference),
    index('refunds_donation_idx').on(t.donationId),
    index('refunds_cause_created_idx').on(t.causeId, t.createdAt.desc(), t.id.desc()),
    index('refunds_payment_pending_idx')
      .on(t.paymentReference)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * An organizer's request to take money out of one cause. `destination` is a snapshot of the
 * verified withdrawal details at request time, so later profile edits can't redirect it.
 * Available = raised − paid − in-flight (awaiting_treasurers, requested, approved, processing) withdrawals.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'restrict' }),
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull().default('requested'),
    method: text('method', { enum: WITHDRAWAL_METHODS }).notNull(),
    destination: jsonb('destination').notNull(),
    /** Ours, sent to the provider with the transfer so retries never pay twice. */
    reference: text('reference').notNull(),
    recipientCode: text('recipient_code'),
    transferCode: text('transfer_code'),
    providerStatus: text('provider_status'),
    failureReason: text('failure_reason'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Last time a sweeper claimed this withdrawal to re-check its transfer (payments/sweeper.ts). */
    sweptAt: timestamp('swept_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_idx').on(t.reference),
    index('withdrawals_cause_status_idx').on(t.causeId, t.status),
    // A cause's statement: its withdrawals of a date range (migration 0013).
    index('withdrawals_cause_created_idx').on(t.causeId, t.createdAt),
    index('withdrawals_organizer_created_idx').on(t.organizerId, t.createdAt.desc()),
    index('withdrawals_status_created_idx').on(t.status, t.createdAt),
    // The public ledger: a cause's paid withdrawals, newest first.
    index('withdrawals_cause_paid_idx')
      .on(t.causeId, t.paidAt.desc())
      .where(sql`${t.status} = 'paid'`),
  ],
);

/**
 * Treasurers of a cause (at most 3, checked under the cause's row lock): invited by email, they
 * take part in withdrawal approvals once accepted. Declining deletes the row.
 */
export const causeTreasurers = pgTable(
  'cause_treasurers',
  {
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: TREASURER_STATUSES }).notNull().default('invited'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'cause_treasurers_pk', columns: [t.causeId, t.userId] }), index('cause_treasurers_user_idx').on(t.userId)],
);

/** One decision per treasurer per withdrawal (the unique index makes a second one a no-op). */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    treasurerId: uuid('treasurer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: TREASURER_DECISIONS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('withdrawal_approvals_withdrawal_treasurer_idx').on(t.withdrawalId, t.treasurerId)],
);

/** The sandbox provider's side of a payout: one row per transfer reference (a repeat is refused, like Paystack). */
export const sandboxTransfers = pgTable('sandbox_transfers', {
  reference: text('reference').primaryKey(),
  recipientCode: text('recipient_code').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['success', 'failed'] }).notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
});

// Counters kept by the donations trigger (migrations 0008 and 0019), read by DonationsRepo, CausesRepo and LedgerRepo.

/** Completed donations per UTC day of completed_at. */
export const donationDays = pgTable('donation_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  donations: integer('donations').notNull().default(0),
});

/** Completed donations per (cause, donor key); a row exists while the count is above zero. */
export const causeDonors = pgTable(
  'cause_donors',
  {
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    donorKey: text('donor_key').notNull(),
    donations: integer('donations').notNull(),
  },
  (t) => [primaryKey({ columns: [t.causeId, t.donorKey] })],
);

/** Completed donations per donor key across the platform, with the named (non-anonymous) part. */
export const platformDonors = pgTable('platform_donors', {
  donorKey: text('donor_key').primaryKey(),
  donations: integer('donations').notNull(),
  namedDonations: integer('named_donations').notNull().default(0),
  namedAmount: bigint('named_amount', { mode: 'number' }).notNull().default(0),
  lastNamedAt: timestamp('last_named_at', { withTimezone: true }),
});

/** Per cause, completed donations that still give something and what they give (migration 0019): the ledger's totals. */
export const causeTotals = pgTable('cause_totals', {
  causeId: uuid('cause_id')
    .primaryKey()
    .references(() => causes.id, { onDelete: 'cascade' }),
  donations: integer('donations').notNull().default(0),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
});

export const platformCounters = pgTable('platform_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

/**
 * A monthly gift (payments/subscriptions.ts). `code` is ours and public; the provider's plan,
 * subscription code and email token are what cancelling at Paystack needs. `donor` is the
 * donor snapshot every month's donations are written with.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    provider: text('provider').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    donor: jsonb('donor').notNull(),
    planCode: text('plan_code'),
    providerCode: text('provider_code'),
    providerToken: text('provider_token'),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('subscriptions_code_idx').on(t.code),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    index('subscriptions_plan_idx').on(t.planCode),
    index('subscriptions_provider_code_idx').on(t.providerCode),
    // Only the running gifts, in the sweeper's order (migration 0017).
    index('subscriptions_running_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} IN ('pending', 'active')`),
  ],
);

/** The causes of a monthly gift and each one's monthly amount. */
export const subscriptionCauses = pgTable(
  'subscription_causes',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    causeId: uuid('cause_id')
      .notNull()
      .references(() => causes.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.causeId] }), index('subscription_causes_cause_idx').on(t.causeId)],
);

// Issue #33 (migration 0022): sessions, two-step sign-in, payout change holds, the audit trail.

/** A signed-in device: the id is its refresh-token family; access tokens carry it (sid) and are checked against it. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last password or second step in this session: money actions want one within 10 minutes. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('user_sessions_user_idx')
      .on(t.userId, t.lastUsedAt.desc())
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/** TOTP: enabled_at null while enrolment waits for its first code; last_step refuses replays. */
export const twoStep = pgTable('two_step', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt)],
);

export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The latest session it signed in: signing that session out forgets the device. */
    sessionId: uuid('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('remembered_devices_user_idx').on(t.userId)],
);

/** Each change of payout details, its hold on withdrawals and the undo link (sha256 only). */
export const payoutChanges = pgTable(
  'payout_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    undoTokenHash: text('undo_token_hash').notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payout_changes_undo_idx').on(t.undoTokenHash), index('payout_changes_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * The audit trail: append-only (triggers refuse UPDATE, DELETE and TRUNCATE), seq and hashes set by
 * the insert trigger under an advisory lock (migration 0022). Write it only through AuditLogRepo.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    causeId: uuid('cause_id'),
    subjectUserId: uuid('subject_user_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.seq.desc()),
    index('audit_log_subject_idx').on(t.subjectUserId, t.seq.desc()),
    index('audit_log_cause_idx').on(t.causeId, t.seq.desc()),
    index('audit_log_action_idx').on(t.action, t.seq.desc()),
  ],
);
