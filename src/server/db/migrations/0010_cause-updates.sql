-- News an organizer posts on a cause after it started; its donors are told of each one.
CREATE TABLE "cause_updates" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "cause_id" uuid NOT NULL REFERENCES "causes"("id") ON DELETE CASCADE,
  "author_id" uuid NOT NULL REFERENCES "users"("id"),
  "body" text NOT NULL,
  "image" jsonb,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A cause's updates, newest first, one page at a time.
CREATE INDEX "cause_updates_cause_created_idx" ON "cause_updates" ("cause_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Guests' reads of the updates are cached like the ledger's (plugins/app/public-cache.ts).
CREATE TRIGGER "cause_updates_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "cause_updates" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
-- Words of support a donor leaves with a donation; shown once the donation is paid, until the
-- organizer or an admin hides it. The 280-character limit is the API's.
ALTER TABLE "donations" ADD COLUMN "message" text;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "message_hidden_at" timestamp with time zone;
--> statement-breakpoint
-- The cause page's words of support: visible messages of paid donations, newest first.
CREATE INDEX "donations_cause_messages_idx" ON "donations" ("cause_id", "completed_at" DESC, "id" DESC)
  WHERE "status" = 'completed' AND "message" IS NOT NULL AND "message_hidden_at" IS NULL;
