-- Giving by USSD and printed posters (issue #32).
--
-- Every approved cause gets a six-digit code people type on a feature phone (*920*44*code#) and
-- read off a poster. Codes come from a sequence that never goes back, through a fixed bijection of
-- 0..899999 onto 100000..999999 (multiply by a number prime to 900000, add an offset, modulo), so
-- neighbouring causes do not get neighbouring codes, no code is handed out twice, and a deleted
-- cause's code is never given to another. The sequence stops (an error, no wrap) after 900,000 codes.
CREATE SEQUENCE "cause_short_code_seq" AS bigint MINVALUE 0 MAXVALUE 899999 START WITH 0 NO CYCLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION boafo_cause_short_code(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT (100000 + ((n * 370373 + 271828) % 900000))::text
$$;
--> statement-breakpoint
ALTER TABLE "causes" ADD COLUMN "short_code" text CONSTRAINT "causes_short_code_digits" CHECK ("short_code" ~ '^[1-9][0-9]{5}$');
--> statement-breakpoint
CREATE UNIQUE INDEX "causes_short_code_idx" ON "causes" ("short_code");
--> statement-breakpoint
-- Assigned the moment a cause is approved (or written approved, as the demo seed does), whatever
-- path wrote it, and never changed afterwards.
CREATE OR REPLACE FUNCTION boafo_assign_cause_short_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.short_code IS NOT NULL THEN
    NEW.short_code := OLD.short_code;
  ELSIF NEW.short_code IS NULL AND NEW.status IN ('active', 'completed') THEN
    NEW.short_code := boafo_cause_short_code(nextval('cause_short_code_seq'));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "causes_short_code" BEFORE INSERT OR UPDATE OF "status", "short_code" ON "causes"
  FOR EACH ROW EXECUTE FUNCTION boafo_assign_cause_short_code();
--> statement-breakpoint
-- Causes approved before this migration: the public ones, and closed ones an admin had approved.
UPDATE "causes" SET "short_code" = boafo_cause_short_code(nextval('cause_short_code_seq'))
  WHERE "id" IN (
    SELECT c."id" FROM "causes" c
    WHERE c."short_code" IS NULL AND (c."status" IN ('active', 'completed')
      OR (c."status" = 'closed' AND EXISTS (SELECT 1 FROM "cause_reviews" r WHERE r."cause_id" = c."id" AND r."decision" = 'approved')))
    ORDER BY c."created_at", c."id"
  );
--> statement-breakpoint
-- One row per USSD session a gateway opened (id = gateway:its session id). Any process answers the
-- next step from here. last_key is what identifies the request last answered (Hubtel's Sequence,
-- Africa's Talking's whole text), so a gateway's retry gets the same screen and runs nothing twice;
-- version guards each save; payment_reference is claimed once before a gift's prompt is sent.
CREATE TABLE "ussd_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"phone" text NOT NULL,
	"screen" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_key" text,
	"last_text" text NOT NULL,
	"ended" boolean DEFAULT false NOT NULL,
	"payment_reference" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ussd_sessions_updated_idx" ON "ussd_sessions" ("updated_at");
--> statement-breakpoint
-- "Text me receipts?" answered on a phone, until the SMS consent of issue #32 takes it over.
CREATE TABLE "ussd_sms_consents" (
	"phone" text PRIMARY KEY NOT NULL,
	"receipts" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- "My last gifts": a wallet's charges, newest first.
CREATE INDEX "mobile_charges_phone_idx" ON "mobile_charges" ("phone", "created_at" DESC);
