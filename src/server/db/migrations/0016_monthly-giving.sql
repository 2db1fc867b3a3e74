-- Monthly giving: a subscription per monthly gift, its causes, and each month's charge as a
-- payment keyed by (subscription, period) so a repeated charge request cannot credit twice.
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"payment_method" text,
	"donor" jsonb NOT NULL,
	"plan_code" text,
	"provider_code" text,
	"provider_token" text,
	"next_charge_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_code_idx" ON "subscriptions" USING btree ("code");
--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_code");
--> statement-breakpoint
CREATE INDEX "subscriptions_provider_code_idx" ON "subscriptions" USING btree ("provider_code");
--> statement-breakpoint
CREATE TABLE "subscription_causes" (
	"subscription_id" uuid NOT NULL REFERENCES "subscriptions"("id") ON DELETE cascade,
	"cause_id" uuid NOT NULL REFERENCES "causes"("id") ON DELETE cascade,
	"amount" bigint NOT NULL,
	CONSTRAINT "subscription_causes_subscription_id_cause_id_pk" PRIMARY KEY("subscription_id","cause_id")
);
--> statement-breakpoint
CREATE INDEX "subscription_causes_cause_idx" ON "subscription_causes" USING btree ("cause_id");
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subscription_id" uuid REFERENCES "subscriptions"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subscription_period" integer;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_subscription_period_idx" ON "payments" USING btree ("subscription_id","subscription_period");
