CREATE TABLE "login_attempts" (
	"scope" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_attempts_window_idx" ON "login_attempts" USING btree ("window_start");--> statement-breakpoint
DROP TABLE "login_failures";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_amount" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_currency" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "pledged_amount" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_flagged_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" = 'flagged';--> statement-breakpoint
CREATE INDEX "payments_resolved_idx" ON "payments" USING btree ("resolved_at" DESC NULLS LAST) WHERE "payments"."resolution" IS NOT NULL;
