import type { WebMessageId } from '../../../../shared/i18n/message-ids.gen';
import { useT } from '../../../lib/i18n';

const LABELS: Record<string, WebMessageId> = {
  active: 'dashboard.status.active',
  under_review: 'dashboard.status.underReview',
  rejected: 'dashboard.status.rejected',
  closed: 'dashboard.status.closed',
  completed: 'dashboard.status.completed',
};

/** A cause's status as a coloured pill with its words (colour is never the only signal). */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const key = String(status).toLowerCase();
  return <span className={`status-badge status-badge--${key}`}>{Object.hasOwn(LABELS, key) ? t(LABELS[key]) : status}</span>;
}
