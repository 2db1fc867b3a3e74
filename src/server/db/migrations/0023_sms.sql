-- SMS (issue #32) is a second channel of the outbox mail uses: a text is a row written with the change
-- that asks for it, claimed once across processes by the SMS worker, retried with backoff and kept with
-- its status. For a text, to_address is the number (233XXXXXXXXX), text_body the text, subject and
-- html_body are empty, and segments the SMS parts it costs (counted before it is queued).
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL CHECK ("channel" IN ('mail', 'sms'));
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "segments" integer;
--> statement-breakpoint
-- The gateway's id for a sent text (Hubtel's messageId), for following it up with them.
ALTER TABLE "mail_outbox" ADD COLUMN "provider_message_id" text;
--> statement-breakpoint
-- Each worker claims only its channel's due rows.
DROP INDEX "mail_outbox_due_idx";
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" ("channel", "next_attempt_at") WHERE "status" IN ('pending', 'sending');
--> statement-breakpoint
-- The admins' screen filtered to one channel, newest first.
CREATE INDEX "mail_outbox_channel_created_idx" ON "mail_outbox" ("channel", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Who may be texted, per number: agreed on the donation form, the profile or by USSD; stopped by a
-- STOP reply (or unticking the profile box). One row a number, whatever said it last.
CREATE TABLE "sms_consents" (
  "phone" text PRIMARY KEY NOT NULL CHECK ("phone" ~ '^233[25][0-9]{8}$'),
  "status" text NOT NULL CHECK ("status" IN ('agreed', 'stopped')),
  -- donation, profile, ussd or sms (a reply).
  "source" text NOT NULL,
  "changed_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The number a donor asked to get texts on (the receipt and the cause's updates); null = no texts.
ALTER TABLE "donations" ADD COLUMN "sms_phone" text;
--> statement-breakpoint
-- A cause's update goes to the numbers of its completed donations that asked for texts.
CREATE INDEX "donations_cause_sms_idx" ON "donations" ("cause_id") WHERE "sms_phone" IS NOT NULL AND "status" = 'completed';
