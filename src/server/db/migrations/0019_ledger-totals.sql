-- The public ledger at any size (repositories/ledger.ts).
--
-- Its totals: per cause, how many completed donations still give something and what they give
-- (amount - refunded_amount), kept by the donation counters' function in the same transaction as
-- the change, right after the day row that function locks first, so no new lock order. Paid
-- withdrawals, refunds and refunded flagged payments are few per cause and stay read through their
-- own indexes (withdrawals also by the balance, under the cause row lock: not counted here).
CREATE TABLE "cause_totals" (
  "cause_id" uuid PRIMARY KEY NOT NULL REFERENCES "causes"("id") ON DELETE CASCADE,
  "donations" integer DEFAULT 0 NOT NULL,
  "amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
    INSERT INTO cause_totals AS t (cause_id, donations, amount)
      VALUES (d.cause_id, CASE WHEN net > 0 THEN 1 ELSE 0 END, net)
      ON CONFLICT (cause_id) DO UPDATE SET donations = t.donations + excluded.donations, amount = t.amount + excluded.amount;
  ELSE
    -- No row when the cause itself is being deleted (its donations go with it): nothing to count.
    UPDATE cause_totals SET donations = donations - CASE WHEN net > 0 THEN 1 ELSE 0 END, amount = amount - net
      WHERE cause_id = d.cause_id;
  END IF;

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
CREATE OR REPLACE FUNCTION boafo_rebuild_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM donation_days;
  DELETE FROM cause_donors;
  DELETE FROM platform_donors;
  DELETE FROM platform_counters WHERE name = 'donors';
  DELETE FROM cause_totals;
  INSERT INTO donation_days (day, amount, donations)
    SELECT (coalesce(completed_at, created_at) AT TIME ZONE 'UTC')::date, sum(amount - refunded_amount), count(*)
    FROM donations WHERE status = 'completed' GROUP BY 1;
  INSERT INTO cause_totals (cause_id, donations, amount)
    SELECT cause_id, count(*) FILTER (WHERE refunded_amount < amount), sum(amount - refunded_amount)
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
--> statement-breakpoint
SELECT boafo_rebuild_counters();
--> statement-breakpoint
-- Its page: a cause's donations in the ledger's order, so the newest twenty are read from the
-- index (a merge of the ledger's parts) instead of sorting every donation of the cause.
CREATE INDEX "donations_cause_ledger_idx" ON "donations" ("cause_id", (coalesce("completed_at", "created_at")) DESC, "id" DESC)
  WHERE "status" = 'completed' AND "refunded_amount" < "amount";
