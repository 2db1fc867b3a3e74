/** A user's favorite causes (the list itself is read through CausesRepo.list with favoritesOf). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { favorites } from '../db/schema';

export class FavoritesRepo {
  constructor(private readonly db: Db) {}

  /** true when newly added, false when it was already a favorite. */
  async add(userId: string, causeId: string): Promise<boolean> {
    const rows = await this.db
      .insert(favorites)
      .values({ userId, causeId })
      .onConflictDoNothing()
      .returning({ causeId: favorites.causeId });
    return rows.length > 0;
  }

  async remove(userId: string, causeId: string): Promise<void> {
    await this.db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.causeId, causeId)));
  }
}
