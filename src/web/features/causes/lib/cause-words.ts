import type { CauseOrdering } from '../../../../shared/cause-list';
import type { DonationBlock } from '../../../../shared/cause-display';
import type { Deadline } from '../../../../shared/cause-deadline';
import type { CauseStatus } from '../../../../shared/contract/causes';
import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import type { Translate } from '../../../lib/i18n';

/**
 * The words for the causes' codes (sorts, statuses, why Donate is off, the end date). The server paints the
 * cause list and a cause's page with the same ids (src/server/pages/snapshots.ts).
 */
export const ORDERING_LABELS: Record<CauseOrdering, WebMessageId> = {
  date_created: 'causes.list.sort.dateCreated',
  popularity: 'causes.list.sort.popularity',
  created_by: 'causes.list.sort.createdBy',
  category: 'causes.list.sort.category',
  goal_amount: 'causes.list.sort.goalAmount',
};

export const STATUS_LABELS: Record<CauseStatus, WebMessageId> = {
  active: 'causes.status.active',
  under_review: 'causes.status.underReview',
  rejected: 'causes.status.rejected',
  closed: 'causes.status.closed',
  completed: 'causes.status.completed',
};

export const BLOCK_REASONS: Record<DonationBlock, WebMessageId> = {
  under_review: 'causes.blocked.underReview',
  rejected: 'causes.blocked.rejected',
  completed: 'causes.blocked.completed',
  closed: 'causes.blocked.closed',
  paused: 'causes.blocked.paused',
};

/** "12 days left", "Last day", "Ended" in the reader's language; null when there is nothing to say. */
export function deadlineText(t: Translate, deadline: Deadline | null): string | null {
  if (!deadline) return null;
  if (deadline.kind === 'ended') return t('causes.deadline.ended');
  if (deadline.kind === 'lastDay') return t('causes.deadline.lastDay');
  return t('causes.deadline.daysLeft', { days: deadline.days });
}
