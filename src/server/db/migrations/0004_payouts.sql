CREATE TABLE "sandbox_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"recipient_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "donations_cause_completed_idx" ON "donations" USING btree ("cause_id","completed_at" DESC NULLS LAST) WHERE "donations"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "withdrawals_cause_paid_idx" ON "withdrawals" USING btree ("cause_id","paid_at" DESC NULLS LAST) WHERE "withdrawals"."status" = 'paid';