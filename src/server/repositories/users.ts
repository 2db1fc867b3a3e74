/** Reads and writes of user accounts and their profile fields. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'email' | 'passwordHash' | 'firstName' | 'lastName'> &
  Partial<Pick<typeof users.$inferInsert, 'role' | 'isVerified' | 'locale'>>;
export type ProfileChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'firstName'
    | 'lastName'
    | 'occupation'
    | 'bio'
    | 'phoneNumber'
    | 'address'
    | 'withdrawalAddress'
    | 'profilePicture'
    | 'coverPhoto'
    | 'locale'
  >
>;

export class UsersRepo {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** The language the person chose (null: not chosen, or no such account). */
  async localeOf(id: string | null): Promise<string | null> {
    if (!id) return null;
    const [row] = await this.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)).limit(1);
    return row?.locale ?? null;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row ?? null;
  }

  /** null when the email is taken (the unique index decides, so concurrent signups are safe). */
  async create(user: NewUser): Promise<UserRow | null> {
    const [row] = await this.db
      .insert(users)
      .values({ ...user, email: user.email.trim().toLowerCase() })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async updateProfile(id: string, changes: ProfileChanges): Promise<UserRow | null> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  /** The role before the change, or null for an unknown account. */
  async setRole(id: string, role: 'user' | 'admin'): Promise<{ before: 'user' | 'admin' } | null> {
    const [before] = await this.db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1).for('update');
    if (!before) return null;
    await this.db
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    return { before: before.role };
  }

  /** Creates the admin or resets its password and role; safe when processes start together. */
  async upsertAdmin(email: string, passwordHash: string): Promise<UserRow> {
    const lower = email.toLowerCase();
    // Drizzle's onConflict target cannot name the lower(email) expression index, hence raw SQL.
    await this.db.execute(sql`
      INSERT INTO ${users} (email, password_hash, first_name, last_name, role, is_verified)
      VALUES (${lower}, ${passwordHash}, 'Admin', '', 'admin', true)
      ON CONFLICT ((lower(email))) DO UPDATE
      SET password_hash = EXCLUDED.password_hash, role = 'admin', is_active = true, updated_at = now()`);
    return (await this.findByEmail(lower))!;
  }
}
