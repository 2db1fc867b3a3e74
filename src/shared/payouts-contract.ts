/** Banks, withdrawal details, withdrawals and the public ledger (spec §1, §3, §7). Amounts are decimal strings. */
export interface Bank {
  code: string;
  name: string;
}

/** GET /api/user/mobile-money/ */
export interface MobileMoneyProvider {
  code: string;
  name: string;
}

/** POST /api/user/validate-bank-account/ answer. */
export interface BankAccountCheck {
  bank_code: string;
  account_number: string;
  account_name: string;
}

/** The profile's withdrawal_address, validated before it is saved. */
export type WithdrawalDetails =
  | { type: 'bank'; bank_code: string; bank_name: string; account_number: string; account_name: string }
  | { type: 'mobile_money'; provider: string; provider_name: string; phone_number: string; account_name: string };

export type WithdrawalStatus = 'requested' | 'approved' | 'processing' | 'paid' | 'failed' | 'rejected';

export interface Withdrawal {
  id: string;
  cause_id: string;
  cause_title: string;
  amount: string;
  status: WithdrawalStatus;
  method: 'bank' | 'mobile_money';
  /** Masked for display (e.g. "MTN •••• 4567"). */
  destination_label: string;
  reference: string;
  failure_reason: string | null;
  rejection_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

/** Admin queue rows also carry the organizer and the full verified destination. */
export interface AdminWithdrawal extends Withdrawal {
  organizer_id: string;
  organizer_name: string;
  organizer_email: string;
  destination: WithdrawalDetails;
}

/** GET /api/causes/{id}/balance/ (organizer and admins). available = raised − withdrawn − pending. */
export interface CauseBalance {
  cause_id: string;
  raised: string;
  withdrawn: string;
  pending: string;
  available: string;
}

/** GET /api/causes/{id}/ledger/ (public). */
export interface CauseLedger {
  cause_id: string;
  totals: { money_in: string; money_out: string; balance: string };
  entries: LedgerEntry[];
  count: number;
  next: string | null;
  previous: string | null;
}

export interface LedgerEntry {
  id: string;
  /** refund: a flagged payment an admin recorded as paid back to the donor; never part of the totals. */
  kind: 'donation' | 'withdrawal' | 'refund';
  amount: string;
  at: string;
  /** Donor's name for named donations and refunds, null for anonymous ones (shown as 'Anonymous donor'); null for withdrawals. */
  donor_name: string | null;
  description: string;
  /** What an admin's review of the payment changed (credited another amount than pledged, refunded), else null. */
  note: string | null;
}
