ALTER TABLE "payments" ADD COLUMN "return_origin" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
CREATE INDEX "refresh_tokens_parent_idx" ON "refresh_tokens" USING btree ("parent_id");
