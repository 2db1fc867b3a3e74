-- Outgoing mail is a row first: whatever asks for a message (a password reset, a receipt) writes it in
-- its own transaction, and a worker sends it. Rows stay with their status for the admins' screen.
CREATE TABLE "mail_outbox" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "to_address" text NOT NULL,
  "subject" text NOT NULL,
  "text_body" text NOT NULL,
  "html_body" text NOT NULL,
  "headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
  -- pending: to send at next_attempt_at; sending: claimed by a process until next_attempt_at (its
  -- lease); sent; failed: gave up after the last attempt; kept: no SMTP_URL, readable by admins only.
  "status" text DEFAULT 'pending' NOT NULL CHECK ("status" IN ('pending', 'sending', 'sent', 'failed', 'kept')),
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_error" text,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The worker's claim: what is due, oldest first, without walking sent mail.
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" ("next_attempt_at") WHERE "status" IN ('pending', 'sending');
--> statement-breakpoint
-- The admins' Outgoing mail screen, newest first.
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Password reset links: only a hash of the token is kept; a link works once, for an hour.
CREATE TABLE "password_resets" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" ("user_id");
--> statement-breakpoint
-- Newsletter double opt-in: an address gets issues once its owner has followed the confirm link.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;
--> statement-breakpoint
-- Addresses stored before confirmation existed were never mailed; they confirm like new ones.
CREATE UNIQUE INDEX "newsletter_confirm_token_idx" ON "newsletter_subscribers" ("confirm_token_hash");
