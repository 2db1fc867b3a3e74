/**
 * Who may download a cause's statement: the one place to widen it. The people who may read its
 * balance: its organizer, its accepted treasurers and admins.
 */
import type { CauseRow } from '../../../../repositories/causes';
import type { AuthUser } from '../../../../lib/tokens';

export function canReadStatement(cause: Pick<CauseRow, 'organizerId'>, user: AuthUser, acceptedTreasurer: boolean): boolean {
  return user.role === 'admin' || user.id === cause.organizerId || acceptedTreasurer;
}
