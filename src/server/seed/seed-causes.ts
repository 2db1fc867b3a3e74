/**
 * Seed steps for causes, donations and landing content. Donations are
 * generated first and each cause's current_amount is their sum, so every
 * number the app shows (totals, donor counts, contributors, metrics) is
 * consistent with the rows behind it.
 */
import { inArray, sql } from 'drizzle-orm';
import { unusablePasswordHash } from '../lib/passwords';
import { MediaRepo } from '../repositories/media';
import { UsersRepo } from '../repositories/users';
import type { Db } from '../db/client';
import {
  DEMO_CATEGORIES,
  DEMO_CAUSES,
  DEMO_DONORS,
  DEMO_GUESTS,
  DEMO_ORGANIZER_2,
  DEMO_POSTS,
  DEMO_STORIES,
  DEMO_TESTIMONIALS,
  type DemoPerson,
} from './seed-data';
import { demoImages, PALETTES } from './seed-images';
import { blogPosts, categories, causeReviews, causes, donations, successStories, testimonials } from '../db/schema';

const DAY = 24 * 60 * 60 * 1000;
const GIFTS_GHS = [50, 100, 100, 200, 250, 300, 500, 500, 1000, 1500, 2000];

/** Small deterministic PRNG (mulberry32): the same demo data on every machine. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function seedCategories(tx: Db): Promise<void> {
  await tx
    .insert(categories)
    .values(DEMO_CATEGORIES.map((name) => ({ name })))
    .onConflictDoNothing();
}

/** Existing users by email, creating the missing ones with one shared unusable password hash. */
async function usersFor(tx: Db, people: DemoPerson[]): Promise<string[]> {
  const repo = new UsersRepo(tx);
  let hash: string | null = null;
  const ids: string[] = [];
  for (const person of people) {
    const found = await repo.findByEmail(person.email);
    if (found) {
      ids.push(found.id);
      continue;
    }
    hash ??= await unusablePasswordHash();
    const made = await repo.create({
      email: person.email,
      passwordHash: hash,
      firstName: person.firstName,
      lastName: person.lastName,
      isVerified: true,
    });
    ids.push(made!.id);
  }
  return ids;
}

export async function seedCauses(tx: Db, organizerEmail: string): Promise<void> {
  const organizer = { email: organizerEmail, firstName: 'Ama', lastName: 'Mensah' };
  const [ama, yaw, ...donorIds] = await usersFor(tx, [organizer, DEMO_ORGANIZER_2, ...DEMO_DONORS]);
  await seedCategories(tx);
  const cats = await tx.select().from(categories).where(inArray(categories.name, DEMO_CATEGORIES));
  const categoryId = new Map(cats.map((c) => [c.name, c.id]));
  const images = await demoImages(DEMO_CAUSES.map((c, i) => ({ palette: PALETTES[c.category], variant: i })));
  await new MediaRepo(tx).saveVariants(images.variants);

  const now = Date.now();
  const rand = random(20_251_107);
  const rows = DEMO_CAUSES.map((c, i) => ({
    name: c.name,
    description: c.description,
    location: c.location,
    status: c.status,
    organizerId: c.organizer === 0 ? ama : yaw,
    categoryId: categoryId.get(c.category) ?? null,
    targetAmount: c.target * 100,
    currentAmount: 0,
    acceptsDonationsAfterGoal: c.afterGoal ?? false,
    coverImage: images.sizes[i],
    rejectionReason: c.rejectionReason ?? null,
    createdAt: new Date(now - c.daysAgo * DAY),
    reviewedAt: c.status === 'under_review' ? null : new Date(now - c.daysAgo * DAY + DAY),
  }));
  const inserted = await tx.insert(causes).values(rows).returning({ id: causes.id, status: causes.status, reviewedAt: causes.reviewedAt });
  await tx.insert(causeReviews).values(
    inserted.flatMap((c, i) =>
      c.reviewedAt
        ? [
            {
              causeId: c.id,
              decision: c.status === 'rejected' ? ('rejected' as const) : ('approved' as const),
              reason: DEMO_CAUSES[i].rejectionReason ?? null,
              reviewedAt: c.reviewedAt,
            },
          ]
        : [],
    ),
  );

  const gifts: Array<typeof donations.$inferInsert> = [];
  inserted.forEach((cause, i) => {
    const demo = DEMO_CAUSES[i];
    if (cause.status !== 'active' && cause.status !== 'completed') return;
    const goal = demo.target * 100;
    // Active causes stop between 20% and 85% of the goal; completed ones pass it.
    const stopAt = cause.status === 'completed' ? goal : Math.floor(goal * (0.2 + rand() * 0.65));
    const opened = now - demo.daysAgo * DAY + 2 * DAY;
    let sum = 0;
    while (sum < stopAt) {
      // Bigger goals attract bigger gifts; keeps the demo at a few dozen rows, so seeding stays fast.
      const scale = Math.max(1, Math.round(demo.target / 10_000));
      const amount = GIFTS_GHS[Math.floor(rand() * GIFTS_GHS.length)] * 100 * scale;
      const registered = rand() < 0.5;
      const who = Math.floor(rand() * 4);
      const person = registered ? DEMO_DONORS[who] : DEMO_GUESTS[who];
      const completedAt = new Date(opened + rand() * (now - opened - 60_000));
      gifts.push({
        causeId: cause.id,
        donorId: registered ? donorIds[who] : null,
        email: person.email,
        donorName: `${person.firstName} ${person.lastName}`,
        country: 'Ghana',
        isAnonymous: rand() < 0.2,
        amount,
        status: 'completed',
        reference: `demo-${i}-${gifts.length}`,
        createdAt: new Date(completedAt.getTime() - 60_000),
        completedAt,
      });
      sum += amount;
    }
  });
  // Pending and failed payments show up in admin metrics but never count as raised money.
  const firstActive = inserted.find((c) => c.status === 'active')!;
  for (const [k, status] of (['pending', 'pending', 'failed'] as const).entries()) {
    const guest = DEMO_GUESTS[k];
    gifts.push({
      causeId: firstActive.id,
      email: guest.email,
      donorName: `${guest.firstName} ${guest.lastName}`,
      amount: 5_000,
      status,
      reference: `demo-open-${k}`,
      createdAt: new Date(now - (k + 1) * 3_600_000),
    });
  }
  await tx.insert(donations).values(gifts);
  await tx.execute(sql`UPDATE ${causes} c SET current_amount = coalesce(
    (SELECT sum(d.amount) FROM ${donations} d WHERE d.cause_id = c.id AND d.status = 'completed'), 0)
    WHERE c.id IN (${sql.join(
      inserted.map((c) => sql`${c.id}::uuid`),
      sql`, `,
    )})`);
}

export async function seedLanding(tx: Db): Promise<void> {
  const requests = [
    ...DEMO_STORIES.map((_, i) => ({ palette: PALETTES.Story, variant: 20 + i })),
    ...DEMO_POSTS.map((_, i) => ({ palette: Object.values(PALETTES)[i], variant: 40 + i })),
  ];
  const images = await demoImages(requests);
  await new MediaRepo(tx).saveVariants(images.variants);
  const completed = await tx
    .select({ id: causes.id, name: causes.name })
    .from(causes)
    .where(sql`${causes.status} = 'completed'`);
  const now = Date.now();
  await tx.insert(successStories).values(
    DEMO_STORIES.map((s, i) => ({
      title: s.title,
      description: s.description,
      image: images.sizes[i],
      causeId: completed.find((c) => c.name === s.causeName)?.id ?? null,
      createdAt: new Date(now - i * 5 * DAY),
    })),
  );
  await tx
    .insert(blogPosts)
    .values(
      DEMO_POSTS.map((p, i) => ({
        slug: p.slug,
        title: p.title,
        category: p.category,
        excerpt: p.excerpt,
        content: p.content,
        authorName: p.author,
        image: images.sizes[DEMO_STORIES.length + i],
        publishedAt: new Date(now - (i * 9 + 1) * DAY),
      })),
    )
    .onConflictDoNothing();
  await tx.insert(testimonials).values(DEMO_TESTIMONIALS.map((t, i) => ({ ...t, createdAt: new Date(now - i * DAY) })));
}
