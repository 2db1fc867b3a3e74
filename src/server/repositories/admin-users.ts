/** The admin's user list: counts of causes and donations come from indexed subqueries in the same statement. */
import { count, desc, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { likePattern } from './search';

export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
  createdAt: Date;
  causesCount: number;
  donationsCount: number;
}

export class AdminUsersRepo {
  constructor(private readonly db: Db) {}

  async list(search: string, limit: number, offset: number): Promise<{ count: number; rows: AdminUserRow[] }> {
    const pattern = likePattern(search);
    const where = pattern
      ? or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))
      : undefined;
    const rows = await this.db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        createdAt: users.createdAt,
        // Spelled out: Drizzle leaves columns unqualified in single-table queries, and a bare "id" here would mean c.id.
        causesCount: sql<number>`(SELECT count(*)::int FROM causes c WHERE c.organizer_id = "users"."id")`.mapWith(Number),
        donationsCount: sql<number>`(SELECT count(*)::int FROM donations d WHERE d.donor_id = "users"."id")`.mapWith(Number),
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    return { count: Number(total.n), rows };
  }

  async countUsers(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return Number(row.n);
  }
}
