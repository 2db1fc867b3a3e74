/** The admins' Outgoing mail screen on the wire: GET /api/admin/mail/ and /api/admin/mail/{id}/. */
import { Type } from 'typebox';
import { Nullable, PageParams } from './common';

export const MailStatusSchema = Type.Enum(['pending', 'sending', 'sent', 'failed', 'kept'], {
  description: 'pending (waiting to be sent or retried), sending, sent, failed (gave up), kept (no SMTP server configured).',
});

export const AdminMailQuery = Type.Object({
  ...PageParams,
  status: Type.Optional(MailStatusSchema),
});

export const AdminMailSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.String({ description: 'What the message is for: password_reset, account_exists, …' }),
  to: Type.String(),
  subject: Type.String(),
  status: MailStatusSchema,
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  sent_at: Nullable(Type.String({ format: 'date-time' })),
});

export const AdminMailMessageSchema = Type.Object({
  ...AdminMailSchema.properties,
  text: Type.String({ description: 'The plain-text version as sent (links included).' }),
  html: Type.String(),
});

/** POST /api/admin/newsletter/issues/: an issue for every confirmed subscriber. */
export const NewsletterIssueBody = Type.Object({
  subject: Type.String({ maxLength: 200 }),
  body: Type.String({ maxLength: 20_000, description: 'Plain text; blank lines separate paragraphs.' }),
});

export const NewsletterIssueSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  subject: Type.String(),
  body: Type.String(),
  recipients: Type.Integer({ description: 'Confirmed subscribers it was queued for.' }),
  created_at: Type.String({ format: 'date-time' }),
});

export const NewsletterAudienceSchema = Type.Object({ confirmed_subscribers: Type.Integer() });
