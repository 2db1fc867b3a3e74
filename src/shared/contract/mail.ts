/** The admins' Outgoing mail screen on the wire (mail and texts): GET /api/admin/mail/ and /api/admin/mail/{id}/. */
import { Type } from 'typebox';
import { Nullable, PageParams } from './common';

export const MailStatusSchema = Type.Enum(['pending', 'sending', 'sent', 'failed', 'kept'], {
  description:
    'pending (waiting to be sent or retried), sending, sent, failed (gave up), kept (nothing left the server: no SMTP server configured, or SMS_PROVIDER=log).',
});

export const OutboxChannelSchema = Type.Enum(['mail', 'sms'], { description: 'mail, or sms (a text).' });

export const AdminMailQuery = Type.Object({
  ...PageParams,
  status: Type.Optional(MailStatusSchema),
  channel: Type.Optional(OutboxChannelSchema),
});

export const AdminMailSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  channel: OutboxChannelSchema,
  kind: Type.String({ description: 'What the message is for: password_reset, account_exists, receipt, cause_update, …' }),
  to: Type.String({ description: 'An email address, or for a text the number (233XXXXXXXXX).' }),
  subject: Type.String({ description: "A mail's subject; a text's words (cut at 160 characters)." }),
  segments: Nullable(Type.Integer({ description: 'The SMS parts a text costs (GSM-7 160/153, UCS-2 70/67); null for mail.' })),
  status: MailStatusSchema,
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  sent_at: Nullable(Type.String({ format: 'date-time' })),
});

export const AdminMailMessageSchema = Type.Object({
  ...AdminMailSchema.properties,
  text: Type.String({ description: 'The plain-text version as sent (links included); a text in full.' }),
  html: Type.String({ description: 'Empty for a text.' }),
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
