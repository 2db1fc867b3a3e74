-- A cause may end on a date (UTC, Ghana's clock): after that day the sweeper closes it and tells
-- its organizer and donors how it went. NULL = open until its organizer closes it.
ALTER TABLE "causes" ADD COLUMN "end_date" date;
--> statement-breakpoint
-- The sweeper's question, "which active causes have passed their end date?", reads only these rows.
CREATE INDEX "causes_active_end_date_idx" ON "causes" ("end_date") WHERE "status" = 'active' AND "end_date" IS NOT NULL;
--> statement-breakpoint
-- A cause's statement lists its withdrawals of a date range by request date, whatever their status.
CREATE INDEX "withdrawals_cause_created_idx" ON "withdrawals" ("cause_id", "created_at");
