-- Media in object storage (issue #34). A picture's bytes live either in this table or, once
-- `npm run media:migrate` has copied them to the object store (MEDIA_STORE=s3), under the same
-- content hash there: the row stays as the record that it was moved and when, with no bytes.
ALTER TABLE "media" ALTER COLUMN "content" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "moved_to_store_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_bytes_here_or_moved" CHECK (("content" IS NULL) = ("moved_to_store_at" IS NOT NULL));
--> statement-breakpoint
-- A server on the database store checks at start that no picture was moved away: empty (and free)
-- until media:migrate runs, so the check reads no picture.
CREATE INDEX "media_moved_idx" ON "media" ("hash") WHERE "content" IS NULL;
