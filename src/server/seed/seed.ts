/**
 * Demo content for a fresh database. Each kind of content is one step with a
 * stable name; seed_runs records which steps ran, so each runs once per
 * database even when several processes start together. Add a step by
 * appending to SEED_STEPS (never rename one: it would run again).
 */
import { sql } from 'drizzle-orm';
import { unusablePasswordHash } from '../lib/passwords';
import { UsersRepo } from '../repositories/users';
import type { Db } from '../db/client';
import { seedCategories, seedCauses, seedLanding } from './seed-causes';
import { seedRuns } from '../db/schema';

export const DEMO_ORGANIZER_EMAIL = 'organizer@demo.boafo.app';

export interface SeedStep {
  name: string;
  run(tx: Db): Promise<void>;
}

async function seedDemoOrganizer(tx: Db): Promise<void> {
  // Nobody knows this password: the account only owns demo content.
  await new UsersRepo(tx).create({
    email: DEMO_ORGANIZER_EMAIL,
    passwordHash: await unusablePasswordHash(),
    firstName: 'Ama',
    lastName: 'Mensah',
    isVerified: true,
  });
}

export const SEED_STEPS: SeedStep[] = [
  { name: 'demo-organizer', run: seedDemoOrganizer },
  { name: 'categories', run: seedCategories },
  // Also recreates the organizer if it was deleted: a later step must not depend on an earlier one's rows.
  { name: 'demo-causes', run: (tx) => seedCauses(tx, DEMO_ORGANIZER_EMAIL) },
  { name: 'demo-landing', run: seedLanding },
];

/** Runs the steps not yet recorded; returns the names that ran now. */
export async function runSeeds(db: Db, steps: SeedStep[] = SEED_STEPS): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    await db.transaction(async (tx) => {
      // The insert blocks a concurrent process until this transaction ends, then does nothing.
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: step.name, ranAt: sql`now()` })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length === 0) return;
      await step.run(tx as unknown as Db);
      ran.push(step.name);
    });
  }
  return ran;
}
