/**
 * Carts: a guest cart is addressed by its UUID (clients may invent one offline), a
 * signed-in user has exactly one cart (unique user_id). One line per cause; quantities
 * change in single statements so concurrent adds never lose an increment.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cartItems, carts, categories, causes, type ImageSizes } from '../db/schema';
import { acceptsDonations, type CauseStatus } from './causes';

export const CART_MAX_QUANTITY = 1000;

export type CartRow = typeof carts.$inferSelect;

/** One line of a batch: the quantity the device wants (0 = remove) and, for quantity > 0, the amount. */
export interface SyncLine {
  causeId: string;
  quantity: number;
  amount: number | null;
}

export interface SyncRefusal {
  causeId: string;
  code: 'not_accepting' | 'not_found';
}

export interface CartLine {
  id: string;
  causeId: string;
  title: string;
  category: string | null;
  coverImage: ImageSizes | null;
  donationAmount: number;
  quantity: number;
  status: CauseStatus;
  acceptsDonationsAfterGoal: boolean;
}

/** A line is named by its own id or by its cause id (clients offline only know the cause). */
function lineMatch(cartId: string, item: string) {
  return and(eq(cartItems.cartId, cartId), or(eq(cartItems.id, item), eq(cartItems.causeId, item)));
}

export class CartsRepo {
  constructor(private readonly db: Db) {}

  async find(id: string): Promise<CartRow | null> {
    const [row] = await this.db.select().from(carts).where(eq(carts.id, id)).limit(1);
    return row ?? null;
  }

  /** The user's one cart, created on first use; concurrent first uses end up with the same row. */
  async forUser(userId: string): Promise<CartRow> {
    await this.db.insert(carts).values({ userId }).onConflictDoNothing();
    const [row] = await this.db.select().from(carts).where(eq(carts.userId, userId)).limit(1);
    return row;
  }

  /** Creates the guest cart a client named, unless it exists; null when it belongs to a user. */
  async ensureGuest(id: string): Promise<CartRow | null> {
    await this.db.insert(carts).values({ id }).onConflictDoNothing();
    const row = await this.find(id);
    return row && row.userId === null ? row : null;
  }

  /**
   * Moves a guest cart's lines into a user's cart and deletes the guest cart, in one
   * transaction. Same cause: quantities add (capped), the user's amount wins.
   * The guest row is locked first, so two sign-ins merging it cannot both copy it.
   */
  async mergeGuest(guestId: string, userCartId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [guest] = await tx
        .select()
        .from(carts)
        .where(and(eq(carts.id, guestId), isNull(carts.userId)))
        .for('update')
        .limit(1);
      if (!guest) return;
      await tx.execute(sql`
        INSERT INTO ${cartItems} (cart_id, cause_id, donation_amount, quantity)
        SELECT ${userCartId}::uuid, cause_id, donation_amount, quantity FROM ${cartItems} WHERE cart_id = ${guestId}::uuid
        ON CONFLICT (cart_id, cause_id) DO UPDATE
        SET quantity = LEAST(${cartItems}.quantity + EXCLUDED.quantity, ${CART_MAX_QUANTITY})`);
      await tx.delete(carts).where(eq(carts.id, guestId));
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, userCartId));
    });
  }

  async lines(cartId: string): Promise<CartLine[]> {
    return this.db
      .select({
        id: cartItems.id,
        causeId: cartItems.causeId,
        title: causes.name,
        category: categories.name,
        coverImage: causes.coverImage,
        donationAmount: cartItems.donationAmount,
        quantity: cartItems.quantity,
        status: causes.status,
        acceptsDonationsAfterGoal: causes.acceptsDonationsAfterGoal,
      })
      .from(cartItems)
      .innerJoin(causes, eq(causes.id, cartItems.causeId))
      .leftJoin(categories, eq(categories.id, causes.categoryId))
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  }

  /**
   * Adds to the cause's line (or creates it) and sets its amount, in one statement.
   * null when the summed quantity would pass the limit (nothing changes then).
   */
  async add(cartId: string, causeId: string, amount: number, quantity: number): Promise<string | null> {
    const [row] = await this.db
      .insert(cartItems)
      .values({ cartId, causeId, donationAmount: amount, quantity })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.causeId],
        set: { quantity: sql`${cartItems.quantity} + EXCLUDED.quantity`, donationAmount: sql`EXCLUDED.donation_amount` },
        setWhere: sql`${cartItems.quantity} + EXCLUDED.quantity <= ${CART_MAX_QUANTITY}`,
      })
      .returning({ id: cartItems.id });
    if (row) await this.touch(cartId);
    return row?.id ?? null;
  }

  /** quantity 0 removes the line. Returns the line id, or null when the cart has no such line. */
  async setQuantity(cartId: string, item: string, quantity: number): Promise<string | null> {
    const rows =
      quantity === 0
        ? await this.db.delete(cartItems).where(lineMatch(cartId, item)).returning({ id: cartItems.id })
        : await this.db.update(cartItems).set({ quantity }).where(lineMatch(cartId, item)).returning({ id: cartItems.id });
    if (rows.length > 0) await this.touch(cartId);
    return rows[0]?.id ?? null;
  }

  async remove(cartId: string, item: string): Promise<boolean> {
    const rows = await this.db.delete(cartItems).where(lineMatch(cartId, item)).returning({ id: cartItems.id });
    if (rows.length > 0) await this.touch(cartId);
    return rows.length > 0;
  }

  /**
   * Applies a device's intended lines in one transaction, in the order given (a cause named twice:
   * the last one wins). Removal always applies; a positive quantity for a cause that is unknown or
   * no longer takes donations is refused and leaves that line as it was. The cart row is locked
   * first, so two batches for one cart (two tabs, two processes) apply one after the other.
   */
  async sync(cartId: string, lines: SyncLine[]): Promise<SyncRefusal[]> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
      const ids = [...new Set(lines.filter((l) => l.quantity > 0).map((l) => l.causeId))];
      const found =
        ids.length === 0
          ? []
          : await tx
              .select({ id: causes.id, status: causes.status, afterGoal: causes.acceptsDonationsAfterGoal })
              .from(causes)
              .where(inArray(causes.id, ids));
      const givable = new Map(found.map((c) => [c.id, acceptsDonations(c.status, c.afterGoal)]));
      const refused = new Map<string, SyncRefusal>();
      for (const line of lines) {
        if (line.quantity === 0) {
          await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.causeId, line.causeId)));
          refused.delete(line.causeId);
          continue;
        }
        const ok = givable.get(line.causeId);
        if (ok !== true) {
          refused.set(line.causeId, { causeId: line.causeId, code: ok === undefined ? 'not_found' : 'not_accepting' });
          continue;
        }
        refused.delete(line.causeId);
        await tx
          .insert(cartItems)
          .values({ cartId, causeId: line.causeId, donationAmount: line.amount!, quantity: line.quantity })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.causeId],
            set: { quantity: sql`EXCLUDED.quantity`, donationAmount: sql`EXCLUDED.donation_amount` },
          });
      }
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, cartId));
      return [...refused.values()];
    });
  }

  private async touch(cartId: string): Promise<void> {
    await this.db
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
  }
}
