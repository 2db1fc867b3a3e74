/**
 * What the audit trail records (GET /api/admin/audit/): every admin action and every action that
 * moves money or guards it. Plain values, no imports: the contract's schema and the web's filter
 * both read this list, so an action the server records is always one a filter can name.
 */
export const AUDIT_ACTIONS = [
  'cause.approve',
  'cause.reject',
  'withdrawal.request',
  'withdrawal.treasurer_approve',
  'withdrawal.treasurer_reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.retry',
  'donation.refund',
  'payment.resolve',
  'payout_details.change',
  'payout_details.undo',
  'user.role_change',
  'user.sign_out_everywhere',
  'newsletter.send',
  'two_step.enable',
  'two_step.disable',
  'two_step.recovery_codes',
  'password.change',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The admin page's tabs: groups of actions ('' = all). */
export const AUDIT_GROUPS = {
  money: [
    'withdrawal.request',
    'withdrawal.treasurer_approve',
    'withdrawal.treasurer_reject',
    'withdrawal.approve',
    'withdrawal.reject',
    'withdrawal.retry',
    'donation.refund',
    'payment.resolve',
    'payout_details.change',
    'payout_details.undo',
  ],
  people: [
    'user.role_change',
    'user.sign_out_everywhere',
    'two_step.enable',
    'two_step.disable',
    'two_step.recovery_codes',
    'password.change',
  ],
  causes: ['cause.approve', 'cause.reject', 'newsletter.send'],
} as const satisfies Record<string, readonly AuditAction[]>;

export type AuditGroup = keyof typeof AUDIT_GROUPS;
export const AUDIT_GROUP_NAMES = Object.keys(AUDIT_GROUPS) as AuditGroup[];

/** Rows the CSV export gives at most; a wider filter is refused (narrow it). */
export const AUDIT_EXPORT_MAX_ROWS = 20_000;
export const AUDIT_PAGE_SIZE = 50;
