/**
 * Monthly gifts: the subscription, its causes, and the payments that are its monthly charges
 * (payments.subscription_id + subscription_period, unique together). payments/subscriptions.ts
 * decides; this file holds the SQL.
 */
import { and, asc, count, countDistinct, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { causes, payments, subscriptionCauses, subscriptions } from '../db/schema';
import type { DonorInfo } from './payments';
import type { PaymentRow } from './settlements';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionLine = { causeId: string; causeTitle: string; amount: number };

export interface NewSubscription {
  code: string;
  userId: string;
  email: string;
  provider: string;
  amount: number;
  paymentMethod: DonorInfo['paymentMethod'];
  donor: DonorInfo;
  planCode: string | null;
}

export interface SubscriptionView {
  subscription: SubscriptionRow;
  lines: SubscriptionLine[];
  /** Months charged successfully, the first checkout included. */
  charges: number;
}

export class SubscriptionsRepo {
  constructor(private readonly db: Db) {}

  async create(input: NewSubscription, lines: { causeId: string; amount: number }[]): Promise<SubscriptionRow> {
    const [row] = await this.db.insert(subscriptions).values(input).returning();
    await this.db.insert(subscriptionCauses).values(lines.map((line) => ({ subscriptionId: row.id, ...line })));
    return row;
  }

  async find(where: { code: string } | { id: string } | { planCode: string } | { providerCode: string }): Promise<SubscriptionRow | null> {
    const match =
      'code' in where
        ? eq(subscriptions.code, where.code)
        : 'id' in where
          ? eq(subscriptions.id, where.id)
          : 'planCode' in where
            ? eq(subscriptions.planCode, where.planCode)
            : eq(subscriptions.providerCode, where.providerCode);
    const [row] = await this.db.select().from(subscriptions).where(match).limit(1);
    return row ?? null;
  }

  async lines(subscriptionIds: string[]): Promise<Map<string, SubscriptionLine[]>> {
    const out = new Map<string, SubscriptionLine[]>();
    if (subscriptionIds.length === 0) return out;
    const rows = await this.db
      .select({
        subscriptionId: subscriptionCauses.subscriptionId,
        causeId: subscriptionCauses.causeId,
        causeTitle: causes.name,
        amount: subscriptionCauses.amount,
      })
      .from(subscriptionCauses)
      .innerJoin(causes, eq(causes.id, subscriptionCauses.causeId))
      .where(inArray(subscriptionCauses.subscriptionId, subscriptionIds))
      .orderBy(asc(causes.name), asc(subscriptionCauses.causeId));
    for (const { subscriptionId, ...line } of rows) out.set(subscriptionId, [...(out.get(subscriptionId) ?? []), line]);
    return out;
  }

  /** The caller's monthly gifts, newest first, with their causes and successful charges. */
  async listForUser(userId: string): Promise<SubscriptionView[]> {
    const rows = await this.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
    const ids = rows.map((r) => r.id);
    const lines = await this.lines(ids);
    const charged =
      ids.length === 0
        ? []
        : await this.db
            .select({ id: payments.subscriptionId, n: count() })
            .from(payments)
            .where(and(inArray(payments.subscriptionId, ids), eq(payments.status, 'success')))
            .groupBy(payments.subscriptionId);
    const charges = new Map(charged.map((c) => [c.id, c.n]));
    return rows.map((subscription) => ({
      subscription,
      lines: lines.get(subscription.id) ?? [],
      charges: Number(charges.get(subscription.id) ?? 0),
    }));
  }

  /** The latest month charged (or attempted); 0 before the first checkout exists. */
  async lastPeriod(subscriptionId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: max(payments.subscriptionPeriod) })
      .from(payments)
      .where(eq(payments.subscriptionId, subscriptionId));
    return Number(row?.n ?? 0);
  }

  async charge(subscriptionId: string, period: number): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.subscriptionPeriod, period)))
      .limit(1);
    return row ?? null;
  }

  /** A month was paid: the gift is active (the first checkout activates it) and due again a month on. */
  async charged(subscriptionId: string): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({
        status: sql`CASE WHEN ${subscriptions.status} = 'pending' THEN 'active' ELSE ${subscriptions.status} END`,
        nextChargeAt: sql`now() + interval '1 month'`,
      })
      .where(eq(subscriptions.id, subscriptionId));
  }

  /** What the provider calls the subscription (Paystack's SUB_ code and email token), once it exists there. */
  async linkProvider(id: string, providerCode: string, providerToken: string | null, nextChargeAt: Date | null): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({
        providerCode,
        providerToken: sql`coalesce(${providerToken}, ${subscriptions.providerToken})`,
        nextChargeAt: sql`coalesce(${nextChargeAt?.toISOString() ?? null}::timestamptz, ${subscriptions.nextChargeAt})`,
      })
      .where(eq(subscriptions.id, id));
  }

  /** Cancels unless already cancelled; the winner gets the row. */
  async cancel(id: string): Promise<SubscriptionRow | null> {
    const [row] = await this.db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, nextChargeAt: null })
      .where(and(eq(subscriptions.id, id), ne(subscriptions.status, 'cancelled')))
      .returning();
    return row ?? null;
  }

  /**
   * Gifts still running (pending or active) that name a cause no longer taking donations (closed by
   * its organizer or its end date, or taken down): the plan's amount covers every cause, so such a
   * gift is stopped, never charged for a cause that ended. Oldest first.
   */
  async withEndedCause(limit: number): Promise<SubscriptionRow[]> {
    return this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          // Written out, not bound: the partial index subscriptions_running_idx (migration 0017)
          // serves only statements whose condition is its own, also in a generic plan.
          sql`${subscriptions.status} IN ('pending', 'active')`,
          sql`EXISTS (SELECT 1 FROM ${subscriptionCauses} sc JOIN ${causes} c ON c.id = sc.cause_id
            WHERE sc.subscription_id = ${subscriptions.id} AND c.status NOT IN ('active', 'completed'))`,
        ),
      )
      .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(limit);
  }

  /** Distinct donors with an active monthly gift to the cause (the organizer's figure). */
  async activeDonors(causeId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: countDistinct(subscriptions.userId) })
      .from(subscriptionCauses)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCauses.subscriptionId))
      .where(and(eq(subscriptionCauses.causeId, causeId), eq(subscriptions.status, 'active')));
    return Number(row?.n ?? 0);
  }
}
