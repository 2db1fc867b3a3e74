-- Refunds of completed donations, in full or in part, through the provider's refund API.
--
-- donations.amount stays what the donor paid; refunded_amount is how much of it went back. A
-- donation counts for (amount - refunded_amount) everywhere money raised is summed: the counters
-- below, causes.current_amount (lowered by the refund's own transaction), the balance and ledger.
-- A full refund also moves the donation to 'refunded'.
ALTER TABLE "donations" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_refunded_amount_check" CHECK ("refunded_amount" >= 0 AND "refunded_amount" <= "amount");
--> statement-breakpoint
-- One row per refund asked of the provider. pending → processed | failed; a pending refund already
-- counts (the donation's refunded_amount includes it) so nothing else can spend that money, and a
-- failure gives it back. provider_reference is unique: a webhook repeated or racing the admin's
-- call finds the same row and one guarded UPDATE (WHERE status = 'pending') decides.
CREATE TABLE "refunds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "donation_id" uuid NOT NULL REFERENCES "donations"("id") ON DELETE CASCADE,
  "cause_id" uuid NOT NULL REFERENCES "causes"("id") ON DELETE CASCADE,
  "amount" bigint NOT NULL CHECK ("amount" > 0),
  "status" text DEFAULT 'pending' NOT NULL,
  "reference" text NOT NULL,
  "payment_reference" text,
  "provider_reference" text,
  "provider_status" text,
  "failure_reason" text,
  "requested_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_reference_idx" ON "refunds" ("reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_reference_idx" ON "refunds" ("provider_reference");
--> statement-breakpoint
CREATE INDEX "refunds_donation_idx" ON "refunds" ("donation_id");
--> statement-breakpoint
-- The ledger's refund entries: a cause's refunds, newest first.
CREATE INDEX "refunds_cause_created_idx" ON "refunds" ("cause_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Webhooks name the refunded transaction: its still-pending refunds.
CREATE INDEX "refunds_payment_pending_idx" ON "refunds" ("payment_reference") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TRIGGER "refunds_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "refunds" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
-- The counters count what a donation still gives: amount - refunded_amount.
CREATE OR REPLACE FUNCTION boafo_count_donation(d donations, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key text := coalesce(d.donor_id::text, lower(d.email));
  net bigint := d.amount - d.refunded_amount;
  left_for_cause integer;
  left_on_platform integer;
BEGIN
  INSERT INTO donation_days AS t (day, amount, donations)
    VALUES ((coalesce(d.completed_at, d.created_at) AT TIME ZONE 'UTC')::date, sign * net, sign)
    ON CONFLICT (day) DO UPDATE SET amount = t.amount + excluded.amount, donations = t.donations + excluded.donations;

  IF sign > 0 THEN
    INSERT INTO cause_donors AS t (cause_id, donor_key, donations) VALUES (d.cause_id, key, 1)
      ON CONFLICT (cause_id, donor_key) DO UPDATE SET donations = t.donations + 1
      RETURNING t.donations INTO left_for_cause;
    IF left_for_cause = 1 THEN
      UPDATE causes SET donor_count = donor_count + 1 WHERE id = d.cause_id;
    END IF;
  ELSE
    -- No row when the cause itself is being deleted (its donations go with it): nothing to count.
    UPDATE cause_donors SET donations = donations - 1 WHERE cause_id = d.cause_id AND donor_key = key
      RETURNING donations INTO left_for_cause;
    IF FOUND AND left_for_cause <= 0 THEN
      DELETE FROM cause_donors WHERE cause_id = d.cause_id AND donor_key = key;
      UPDATE causes SET donor_count = donor_count - 1 WHERE id = d.cause_id;
    END IF;
  END IF;

  INSERT INTO platform_donors AS t (donor_key, donations, named_donations, named_amount, last_named_at)
    VALUES (key, sign,
      CASE WHEN d.is_anonymous THEN 0 ELSE sign END,
      CASE WHEN d.is_anonymous THEN 0 ELSE sign * net END,
      CASE WHEN d.is_anonymous OR sign < 0 THEN NULL ELSE d.completed_at END)
    ON CONFLICT (donor_key) DO UPDATE SET
      donations = t.donations + excluded.donations,
      named_donations = t.named_donations + excluded.named_donations,
      named_amount = t.named_amount + excluded.named_amount,
      last_named_at = CASE WHEN excluded.last_named_at IS NULL THEN t.last_named_at
                           ELSE greatest(t.last_named_at, excluded.last_named_at) END
    RETURNING t.donations INTO left_on_platform;
  IF sign > 0 AND left_on_platform = 1 THEN
    INSERT INTO platform_counters AS t (name, value) VALUES ('donors', 1)
      ON CONFLICT (name) DO UPDATE SET value = t.value + 1;
  ELSIF sign < 0 AND left_on_platform <= 0 THEN
    DELETE FROM platform_donors WHERE donor_key = key;
    UPDATE platform_counters SET value = value - 1 WHERE name = 'donors';
  ELSIF sign < 0 AND NOT d.is_anonymous THEN
    -- A named donation went away: the latest named one left decides when this donor last gave.
    UPDATE platform_donors SET last_named_at = (
      SELECT max(x.completed_at) FROM donations x
      WHERE coalesce(x.donor_id::text, lower(x.email)) = key AND x.status = 'completed' AND NOT x.is_anonymous AND x.id <> d.id)
    WHERE donor_key = key;
  END IF;
END $$;
--> statement-breakpoint
-- A partial refund keeps the donation completed but changes what it counts for: not a no-op.
CREATE OR REPLACE FUNCTION boafo_donation_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'completed' THEN
    IF TG_OP = 'UPDATE' AND NEW.status = 'completed' AND NEW.amount = OLD.amount AND NEW.refunded_amount = OLD.refunded_amount
       AND NEW.cause_id = OLD.cause_id
       AND NEW.is_anonymous = OLD.is_anonymous AND NEW.completed_at IS NOT DISTINCT FROM OLD.completed_at
       AND NEW.donor_id IS NOT DISTINCT FROM OLD.donor_id AND lower(NEW.email) = lower(OLD.email) THEN
      RETURN NEW;
    END IF;
    PERFORM boafo_count_donation(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'completed' THEN
    PERFORM boafo_count_donation(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION boafo_rebuild_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM donation_days;
  DELETE FROM cause_donors;
  DELETE FROM platform_donors;
  DELETE FROM platform_counters WHERE name = 'donors';
  INSERT INTO donation_days (day, amount, donations)
    SELECT (coalesce(completed_at, created_at) AT TIME ZONE 'UTC')::date, sum(amount - refunded_amount), count(*)
    FROM donations WHERE status = 'completed' GROUP BY 1;
  INSERT INTO cause_donors (cause_id, donor_key, donations)
    SELECT cause_id, coalesce(donor_id::text, lower(email)), count(*) FROM donations WHERE status = 'completed' GROUP BY 1, 2;
  UPDATE causes c SET donor_count = coalesce(n.count, 0)
    FROM causes k LEFT JOIN (SELECT cause_id, count(*)::int AS count FROM cause_donors GROUP BY 1) n ON n.cause_id = k.id
    WHERE k.id = c.id AND c.donor_count IS DISTINCT FROM coalesce(n.count, 0);
  INSERT INTO platform_donors (donor_key, donations, named_donations, named_amount, last_named_at)
    SELECT coalesce(donor_id::text, lower(email)), count(*), count(*) FILTER (WHERE NOT is_anonymous),
           coalesce(sum(amount - refunded_amount) FILTER (WHERE NOT is_anonymous), 0),
           max(completed_at) FILTER (WHERE NOT is_anonymous)
    FROM donations WHERE status = 'completed' GROUP BY 1;
  INSERT INTO platform_counters (name, value) SELECT 'donors', count(*) FROM platform_donors;
END $$;
