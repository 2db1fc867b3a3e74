-- Newsletter issues an admin wrote and sent: one mail_outbox row per confirmed subscriber is
-- queued with it, in the same transaction.
CREATE TABLE "newsletter_issues" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "subject" text NOT NULL,
  "body" text NOT NULL,
  "sent_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "recipients" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "newsletter_issues_created_idx" ON "newsletter_issues" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Who receives an issue: confirmed and still subscribed.
CREATE INDEX "newsletter_confirmed_idx" ON "newsletter_subscribers" ("email") WHERE "confirmed_at" IS NOT NULL AND "unsubscribed_at" IS NULL;
