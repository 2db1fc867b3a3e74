/**
 * Loads a large, realistic dataset with generate_series, after our migrations: users, causes over
 * every category and status, and donations (most completed, some guests, some anonymous). The
 * donation trigger is off during the load and the counters are rebuilt once at the end, as the
 * migration does for existing data. Used by the query-plan tests (a few thousand rows) and the
 * scale benchmark (100,000 causes, 1,000,000 donations).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';

export interface ScaleSize {
  users: number;
  causes: number;
  donations: number;
}

export async function loadScaleData(db: Db, size: ScaleSize): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => db.execute(query);
  await run(sql`INSERT INTO categories (name) SELECT unnest(ARRAY['Medical', 'Education', 'Water & Sanitation', 'Community', 'Emergency'])
    ON CONFLICT DO NOTHING`);
  await run(sql`INSERT INTO users (email, password_hash, first_name, last_name)
    SELECT 'scale' || i || '@example.com', 'not-a-hash',
           (ARRAY['Ama', 'Kofi', 'Efua', 'Yaw', 'Akosua', 'Kwame', 'Abena', 'Kojo'])[1 + i % 8],
           (ARRAY['Mensah', 'Boateng', 'Asante', 'Owusu', 'Darko', 'Addo', 'Quaye'])[1 + (i / 8) % 7] || ' ' || i
    FROM generate_series(1, ${size.users}) i`);
  await run(sql`CREATE TEMP TABLE scale_users AS SELECT row_number() OVER () AS n, id FROM users WHERE email LIKE 'scale%'`);
  await run(sql`CREATE TEMP TABLE scale_categories AS SELECT row_number() OVER () AS n, id FROM categories`);
  await run(sql`INSERT INTO causes (name, description, organizer_id, category_id, location, target_amount, current_amount, status, created_at, updated_at)
    SELECT (ARRAY['Surgery for', 'School fees for', 'Borehole for', 'Roof repair for', 'Dialysis for'])[1 + i % 5] || ' cause ' || i,
           'Help needed in ' || (ARRAY['Accra', 'Kumasi', 'Tamale', 'Cape Coast', 'Ho', 'Walewale'])[1 + i % 6] || '. Reference ' || md5(i::text),
           u.id, c.id, 'Ghana', 100000 + (i % 50) * 20000, 0,
           CASE WHEN i % 20 = 0 THEN 'under_review' WHEN i % 20 = 1 THEN 'completed' WHEN i % 50 = 2 THEN 'rejected' ELSE 'active' END,
           now() - (i || ' minutes')::interval, now()
    FROM generate_series(1, ${size.causes}) i
    JOIN scale_users u ON u.n = 1 + (i::bigint * 7919) % ${size.users}
    JOIN scale_categories c ON c.n = 1 + i % (SELECT count(*) FROM scale_categories)`);
  // Numbered as generated (cause i was created i minutes ago), so the cause that gets a tenth of all
  // donations below is cause 4, an active one, whatever order the rows landed in.
  await run(sql`CREATE TEMP TABLE scale_causes AS SELECT row_number() OVER (ORDER BY created_at DESC, id) AS n, id FROM causes`);
  await run(sql`ALTER TABLE donations DISABLE TRIGGER donations_counters`);
  // Skewed: a few causes get many donations (the "most donated" detail and ledger reads).
  await run(sql`INSERT INTO donations (cause_id, donor_id, email, donor_name, amount, is_anonymous, status, created_at, completed_at)
    SELECT c.id, CASE WHEN i % 2 = 0 THEN u.id END, 'donor' || (i % 40000) || '@example.com', 'Donor ' || (i % 40000),
           500 + (i % 200) * 100, i % 9 = 0,
           -- Pending only in the last hours: the sweeper abandons older ones (PAYMENT_ABANDON_AFTER_SECONDS).
           CASE WHEN i % 10 = 0 THEN 'failed' WHEN i % 17 = 0 AND i < 200 THEN 'pending' WHEN i % 17 = 0 THEN 'abandoned' ELSE 'completed' END,
           now() - ((i % 400000) || ' minutes')::interval,
           CASE WHEN i % 10 <> 0 AND i % 17 <> 0 THEN now() - ((i % 400000) || ' minutes')::interval END
    FROM generate_series(1, ${size.donations}) i
    JOIN scale_causes c ON c.n = 1 + CASE WHEN i % 10 = 3 THEN i % 10 ELSE (i::bigint * 104729) % (SELECT count(*) FROM scale_causes) END
    JOIN scale_users u ON u.n = 1 + (i::bigint * 31) % ${size.users}`);
  await run(sql`ALTER TABLE donations ENABLE TRIGGER donations_counters`);
  await run(sql`UPDATE causes c SET current_amount = s.total FROM (
    SELECT cause_id, sum(amount) AS total FROM donations WHERE status = 'completed' GROUP BY 1) s WHERE s.cause_id = c.id`);
  await run(sql`SELECT boafo_rebuild_counters()`);
  await run(sql`DROP TABLE scale_users, scale_categories, scale_causes`);
}
