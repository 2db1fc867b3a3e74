/**
 * Who may download a cause's statement: the one place to widen it. Today its organizer and admins
 * (the people who may read its balance); a cause treasurer role would be added here.
 */
import type { CauseRow } from '../../../repositories/causes';
import type { AuthUser } from '../../../types';

export function canReadStatement(cause: Pick<CauseRow, 'organizerId'>, user: AuthUser): boolean {
  return user.role === 'admin' || user.id === cause.organizerId;
}
