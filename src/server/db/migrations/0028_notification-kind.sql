-- What a notification is about, as a code the app acts on (a treasurer's approval request links to the
-- withdrawals page, an invitation is answered in place) whatever language its words are in. Rows written
-- before this carry their English title, which tells the two kinds apart.
ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'general' NOT NULL;
--> statement-breakpoint
UPDATE "notifications" SET "kind" = 'withdrawal_approval' WHERE "title" = 'Withdrawal needs your approval';
--> statement-breakpoint
UPDATE "notifications" SET "kind" = 'treasurer_invitation' WHERE "title" = 'Treasurer invitation';
