/**
 * The admin's view of payments needing (or having had) a human decision: flagged ones, oldest
 * first, and resolved ones, newest first. One query for the page, one for its donations and
 * one count, whatever the page size (partial indexes payments_flagged_idx, payments_resolved_idx).
 */
import { asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AdminPaymentFilter } from '../../shared/contract/admin';
import type { Db } from '../db/client';
import { causes, donations, payments, users } from '../db/schema';
import type { PaymentRow } from './settlements';

export interface AdminPaymentView {
  payment: PaymentRow;
  resolvedByName: string | null;
  donorName: string;
  donations: Array<{
    id: string;
    causeId: string;
    causeTitle: string;
    amount: number;
    pledgedAmount: number | null;
    status: (typeof donations.$inferSelect)['status'];
  }>;
}

export class AdminPaymentsRepo {
  constructor(private readonly db: Db) {}

  async list(filter: AdminPaymentFilter, limit: number, offset: number): Promise<{ count: number; rows: AdminPaymentView[] }> {
    const where: SQL = filter === 'flagged' ? eq(payments.status, 'flagged') : isNotNull(payments.resolution);
    const order = filter === 'flagged' ? [asc(payments.updatedAt), asc(payments.id)] : [desc(payments.resolvedAt), desc(payments.id)];
    const rows = await this.base()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(payments).where(where);
    return { count: Number(total.n), rows: await this.withDonations(rows) };
  }

  async find(id: string): Promise<AdminPaymentView | null> {
    const rows = await this.base().where(eq(payments.id, id)).limit(1);
    return (await this.withDonations(rows))[0] ?? null;
  }

  private base() {
    return this.db
      .select({
        payment: payments,
        resolvedByName: sql<
          string | null
        >`CASE WHEN ${users.id} IS NULL THEN NULL ELSE trim(${users.firstName} || ' ' || ${users.lastName}) END`,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.resolvedBy));
  }

  private async withDonations(rows: Array<{ payment: PaymentRow; resolvedByName: string | null }>): Promise<AdminPaymentView[]> {
    if (rows.length === 0) return [];
    const lines = await this.db
      .select({
        id: donations.id,
        paymentId: donations.paymentId,
        causeId: donations.causeId,
        causeTitle: causes.name,
        amount: donations.amount,
        pledgedAmount: donations.pledgedAmount,
        status: donations.status,
        donorName: sql<string>`coalesce(nullif(trim(${donations.donorName}), ''), trim(${donations.firstName} || ' ' || ${donations.lastName}))`,
      })
      .from(donations)
      .innerJoin(causes, eq(causes.id, donations.causeId))
      .where(
        inArray(
          donations.paymentId,
          rows.map((r) => r.payment.id),
        ),
      )
      .orderBy(asc(donations.createdAt), asc(donations.id));
    return rows.map(({ payment, resolvedByName }) => {
      const own = lines.filter((l) => l.paymentId === payment.id);
      return {
        payment,
        resolvedByName,
        donorName: own.find((l) => l.donorName)?.donorName ?? '',
        donations: own.map((l) => ({
          id: l.id,
          causeId: l.causeId,
          causeTitle: l.causeTitle,
          amount: l.amount,
          pledgedAmount: l.pledgedAmount,
          status: l.status,
        })),
      };
    });
  }
}
