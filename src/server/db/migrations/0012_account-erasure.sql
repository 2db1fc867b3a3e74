-- Deleted accounts are anonymised, not removed: their donations and causes stay in the ledger
-- under "A former donor" / "A former member". deleted_at marks the row so nothing signs it in again.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
