-- Reads that stay fast at 100,000 causes and a million donations.
--
-- Counters the landing page, dashboards and cards show are kept by a trigger on donations, in the
-- transaction that changes a donation, so every path that completes, refunds or rewrites one
-- (settling a payment, the sweeper, an admin's resolution, seeding) keeps them without having to
-- remember to; reads then add up a few rows instead of scanning every donation.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "causes" ADD COLUMN "donor_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Completed donations per UTC day (of completed_at): totals, months and daily charts.
CREATE TABLE "donation_days" (
  "day" date PRIMARY KEY NOT NULL,
  "amount" bigint DEFAULT 0 NOT NULL,
  "donations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- How many completed donations each donor (user id, or lowercased email for guests) has per cause;
-- a row exists only while that number is above zero, so causes.donor_count is the row count.
CREATE TABLE "cause_donors" (
  "cause_id" uuid NOT NULL REFERENCES "causes"("id") ON DELETE CASCADE,
  "donor_key" text NOT NULL,
  "donations" integer NOT NULL,
  PRIMARY KEY ("cause_id", "donor_key")
);
--> statement-breakpoint
-- The same across the platform, with what the landing page's recent contributors show. Named
-- (non-anonymous) donations are counted apart so anonymous givers never appear by name.
CREATE TABLE "platform_donors" (
  "donor_key" text PRIMARY KEY NOT NULL,
  "donations" integer NOT NULL,
  "named_donations" integer NOT NULL DEFAULT 0,
  "named_amount" bigint NOT NULL DEFAULT 0,
  "last_named_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "platform_donors_last_named_idx" ON "platform_donors" ("last_named_at" DESC, "donor_key") WHERE "named_donations" > 0;
--> statement-breakpoint
-- Single-row counters (the number of platform_donors rows, so the landing page does not count them).
CREATE TABLE "platform_counters" (
  "name" text PRIMARY KEY NOT NULL,
  "value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION boafo_count_donation(d donations, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key text := coalesce(d.donor_id::text, lower(d.email));
  left_for_cause integer;
  left_on_platform integer;
BEGIN
  INSERT INTO donation_days AS t (day, amount, donations)
    VALUES ((coalesce(d.completed_at, d.created_at) AT TIME ZONE 'UTC')::date, sign * d.amount, sign)
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
      CASE WHEN d.is_anonymous THEN 0 ELSE sign * d.amount END,
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
CREATE FUNCTION boafo_donation_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'completed' THEN
    -- Unchanged for the counters: nothing to do (most updates of a completed row touch none of these).
    IF TG_OP = 'UPDATE' AND NEW.status = 'completed' AND NEW.amount = OLD.amount AND NEW.cause_id = OLD.cause_id
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
CREATE TRIGGER "donations_counters" AFTER INSERT OR UPDATE OR DELETE ON "donations"
  FOR EACH ROW EXECUTE FUNCTION boafo_donation_counters();
--> statement-breakpoint
-- Recounts every counter from the donations in one pass each: the donations already here now, and
-- a bulk load that ran with the trigger disabled (the scale benchmark) later.
CREATE FUNCTION boafo_rebuild_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM donation_days;
  DELETE FROM cause_donors;
  DELETE FROM platform_donors;
  DELETE FROM platform_counters WHERE name = 'donors';
  INSERT INTO donation_days (day, amount, donations)
    SELECT (coalesce(completed_at, created_at) AT TIME ZONE 'UTC')::date, sum(amount), count(*)
    FROM donations WHERE status = 'completed' GROUP BY 1;
  INSERT INTO cause_donors (cause_id, donor_key, donations)
    SELECT cause_id, coalesce(donor_id::text, lower(email)), count(*) FROM donations WHERE status = 'completed' GROUP BY 1, 2;
  UPDATE causes c SET donor_count = coalesce(n.count, 0)
    FROM causes k LEFT JOIN (SELECT cause_id, count(*)::int AS count FROM cause_donors GROUP BY 1) n ON n.cause_id = k.id
    WHERE k.id = c.id AND c.donor_count IS DISTINCT FROM coalesce(n.count, 0);
  INSERT INTO platform_donors (donor_key, donations, named_donations, named_amount, last_named_at)
    SELECT coalesce(donor_id::text, lower(email)), count(*), count(*) FILTER (WHERE NOT is_anonymous),
           coalesce(sum(amount) FILTER (WHERE NOT is_anonymous), 0), max(completed_at) FILTER (WHERE NOT is_anonymous)
    FROM donations WHERE status = 'completed' GROUP BY 1;
  INSERT INTO platform_counters (name, value) SELECT 'donors', count(*) FROM platform_donors;
END $$;
--> statement-breakpoint
SELECT boafo_rebuild_counters();
--> statement-breakpoint
-- Causes per status ('causes_active', 'causes_completed', …): the landing page's and the admin's
-- counts read a few rows instead of every cause.
CREATE FUNCTION boafo_cause_status_counters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'UPDATE' AND NEW.status = OLD.status THEN RETURN NULL; END IF;
    UPDATE platform_counters SET value = value - 1 WHERE name = 'causes_' || OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO platform_counters AS t (name, value) VALUES ('causes_' || NEW.status, 1)
      ON CONFLICT (name) DO UPDATE SET value = t.value + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "causes_status_counters" AFTER INSERT OR UPDATE OF "status" OR DELETE ON "causes"
  FOR EACH ROW EXECUTE FUNCTION boafo_cause_status_counters();
--> statement-breakpoint
INSERT INTO platform_counters (name, value) SELECT 'causes_' || status, count(*) FROM causes GROUP BY status;
--> statement-breakpoint
-- Sort keys of the "Created by" and "Category" orderings, on the cause itself so each sort reads
-- one index instead of joining and sorting every cause. Triggers keep them equal to the names.
ALTER TABLE "causes" ADD COLUMN "organizer_sort" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "causes" ADD COLUMN "category_sort" text;
--> statement-breakpoint
CREATE FUNCTION boafo_cause_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.organizer_sort := coalesce((SELECT lower(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = NEW.organizer_id), '');
  NEW.category_sort := (SELECT lower(c.name) FROM categories c WHERE c.id = NEW.category_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "causes_sort_keys" BEFORE INSERT OR UPDATE OF "organizer_id", "category_id" ON "causes"
  FOR EACH ROW EXECUTE FUNCTION boafo_cause_sort_keys();
--> statement-breakpoint
CREATE FUNCTION boafo_organizer_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE causes SET organizer_sort = lower(NEW.first_name || ' ' || NEW.last_name)
    WHERE organizer_id = NEW.id AND organizer_sort <> lower(NEW.first_name || ' ' || NEW.last_name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_organizer_sort" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH ROW EXECUTE FUNCTION boafo_organizer_renamed();
--> statement-breakpoint
CREATE FUNCTION boafo_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE causes SET category_sort = lower(NEW.name) WHERE category_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "categories_sort" AFTER UPDATE OF "name" ON "categories"
  FOR EACH ROW EXECUTE FUNCTION boafo_category_renamed();
--> statement-breakpoint
UPDATE causes c SET organizer_sort = lower(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = c.organizer_id;
--> statement-breakpoint
UPDATE causes c SET category_sort = lower(k.name) FROM categories k WHERE k.id = c.category_id;
--> statement-breakpoint
-- The public list: one index per sort, on the public statuses only, ending with the id so a page
-- is read from the index (a deferred join fetches only the rows shown).
CREATE INDEX "causes_public_created_idx" ON "causes" ("created_at" DESC, "id" DESC) WHERE "status" IN ('active', 'completed');
--> statement-breakpoint
CREATE INDEX "causes_public_popularity_idx" ON "causes" ("current_amount" DESC, "id" DESC) WHERE "status" IN ('active', 'completed');
--> statement-breakpoint
CREATE INDEX "causes_public_goal_idx" ON "causes" ("target_amount" DESC, "id" DESC) WHERE "status" IN ('active', 'completed');
--> statement-breakpoint
CREATE INDEX "causes_public_category_idx" ON "causes" ("category_id", "created_at" DESC, "id" DESC) WHERE "status" IN ('active', 'completed');
--> statement-breakpoint
CREATE INDEX "causes_public_organizer_sort_idx" ON "causes" ("organizer_sort", "organizer_id", "id") WHERE "status" IN ('active', 'completed');
--> statement-breakpoint
CREATE INDEX "causes_public_category_sort_idx" ON "causes" ("category_sort" ASC NULLS LAST, "id") WHERE "status" IN ('active', 'completed');
--> statement-breakpoint
CREATE INDEX "causes_status_idx" ON "causes" ("status");
--> statement-breakpoint
-- Word search (ILIKE '%…%') through trigram indexes instead of reading every cause.
CREATE INDEX "causes_name_trgm_idx" ON "causes" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "causes_description_trgm_idx" ON "causes" USING gin ("description" gin_trgm_ops);
--> statement-breakpoint
-- A donor's history by status, newest first.
CREATE INDEX "donations_donor_status_created_idx" ON "donations" ("donor_id", "status", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Recomputing one donor's latest named donation (see boafo_count_donation).
CREATE INDEX "donations_donor_key_idx" ON "donations" ((coalesce(donor_id::text, lower(email)))) WHERE "status" = 'completed';
--> statement-breakpoint
-- Every process keeps guests' public reads in memory (plugins/app/public-cache.ts); a change to what
-- they show tells all of them, on commit, through the channel they already listen on.
CREATE FUNCTION boafo_public_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('boafo_public', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "causes_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "causes" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
CREATE TRIGGER "donations_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "donations" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
CREATE TRIGGER "withdrawals_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "withdrawals" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
CREATE TRIGGER "categories_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "blog_posts" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
CREATE TRIGGER "success_stories_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "success_stories" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
CREATE TRIGGER "testimonials_public_changed" AFTER INSERT OR UPDATE OR DELETE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
--> statement-breakpoint
-- An organizer's name shows on their causes; other profile changes (a login, a bio) do not.
CREATE TRIGGER "users_public_changed" AFTER UPDATE OF "first_name", "last_name", "profile_picture" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION boafo_public_changed();
