-- Mobile money without leaving the app (issue #30). A payment charged straight to a wallet keeps the
-- wallet and the prompt's state here: what the donor must do next (pay_offline | send_otp), the words
-- to show, why it failed, and when the prompt on the phone lapses.
CREATE TABLE "mobile_charges" (
	"payment_id" uuid PRIMARY KEY NOT NULL REFERENCES "payments"("id") ON DELETE CASCADE,
	"phone" text NOT NULL,
	"network" text NOT NULL,
	"step" text NOT NULL,
	"display_text" text NOT NULL,
	"reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- "Send the prompt again": a new payment takes over the gift's donations. retry_of is the first
-- payment of the gift (every settlement of the chain locks that row first, so two approvals of one
-- gift queue), superseded_by the payment that took the donations from this one.
ALTER TABLE "payments" ADD COLUMN "retry_of" uuid;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "superseded_by" uuid;
--> statement-breakpoint
CREATE INDEX "payments_retry_of_idx" ON "payments" ("retry_of") WHERE "retry_of" IS NOT NULL;
--> statement-breakpoint
-- The sandbox's prompts: the wallet asked, the code it expects (numbers ending in 0), why it failed.
ALTER TABLE "sandbox_charges" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "otp" text;
--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "reason" text;
--> statement-breakpoint
CREATE INDEX "sandbox_charges_phone_idx" ON "sandbox_charges" ("phone") WHERE "phone" IS NOT NULL AND "outcome" IS NULL;
