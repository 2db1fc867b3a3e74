-- The language a phone picked at "0 Language" on the USSD menu (issue #32), so the next time it dials the menu
-- opens in it. Keyed by the calling number (233XXXXXXXXX), like the menu's "Text me receipts?" answer: a feature
-- phone has no account to keep it on. Plain text, checked by the application (src/server/ussd/ussd-text.ts); a
-- value it no longer knows reads as English.
CREATE TABLE IF NOT EXISTS "ussd_languages" (
  "phone" text PRIMARY KEY NOT NULL,
  "locale" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
