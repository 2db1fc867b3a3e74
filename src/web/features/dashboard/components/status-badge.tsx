const LABELS: Record<string, string> = {
  active: 'Active',
  under_review: 'Under review',
  rejected: 'Rejected',
  closed: 'Closed',
  completed: 'Completed',
};

/** A cause's status as a coloured pill with its words (colour is never the only signal). */
export function StatusBadge({ status }: { status: string }) {
  const key = String(status).toLowerCase();
  return <span className={`status-badge status-badge--${key}`}>{LABELS[key] ?? status}</span>;
}
