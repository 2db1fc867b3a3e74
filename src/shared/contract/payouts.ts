/** Banks, withdrawal details, withdrawals and the public ledger on the wire (spec §1, §3, §7). Amounts are decimal strings. */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable, PageParams } from './common';
import { WITHDRAWAL_STATUSES } from './statuses';
import { WithdrawalDecisionSchema } from './treasurers';

const Amount = Type.String({ description: 'GHS decimal string, e.g. "250.00".' });

/** GET /api/user/banks/ and /api/user/mobile-money/: [{code, name}]. */
export const InstitutionSchema = Type.Object({ code: Type.String(), name: Type.String() });
/** GET /api/user/banks/ */
export type Bank = Static<typeof InstitutionSchema>;
/** GET /api/user/mobile-money/ */
export type MobileMoneyProvider = Static<typeof InstitutionSchema>;

/** POST /api/user/validate-bank-account/ */
export const BankAccountCheckBody = Type.Object({
  bank_code: Type.Optional(Type.String({ maxLength: 40 })),
  account_number: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Number()])),
});

export const BankAccountCheckSchema = Type.Object({ bank_code: Type.String(), account_number: Type.String(), account_name: Type.String() });
export type BankAccountCheck = Static<typeof BankAccountCheckSchema>;

export const WithdrawalStatusSchema = Type.Enum([...WITHDRAWAL_STATUSES]);
export type WithdrawalStatus = Static<typeof WithdrawalStatusSchema>;

/** The profile's withdrawal_address, validated before it is saved. */
export const WithdrawalDetailsSchema = Type.Union([
  Type.Object({
    type: Type.Literal('bank'),
    bank_code: Type.String(),
    bank_name: Type.String(),
    account_number: Type.String(),
    account_name: Type.String(),
  }),
  Type.Object({
    type: Type.Literal('mobile_money'),
    provider: Type.String(),
    provider_name: Type.String(),
    phone_number: Type.String(),
    account_name: Type.String(),
  }),
]);
export type WithdrawalDetails = Static<typeof WithdrawalDetailsSchema>;

const withdrawalFields = {
  id: Type.String({ format: 'uuid' }),
  cause_id: Type.String({ format: 'uuid' }),
  cause_title: Type.String(),
  amount: Amount,
  status: WithdrawalStatusSchema,
  method: Type.Enum(['bank', 'mobile_money']),
  destination_label: Type.String({ description: 'Masked, e.g. "MTN Mobile Money •••• 4567".' }),
  reference: Type.String({ description: 'Ours; the transfer carries it (retries reuse it).' }),
  failure_reason: Nullable(Type.String()),
  rejection_reason: Nullable(Type.String()),
  created_at: DateTime,
  updated_at: DateTime,
  paid_at: Nullable(DateTime),
  /** Causes with treasurers: each treasurer's decision so far, oldest first (absent when none). */
  decisions: Type.Optional(Type.Array(WithdrawalDecisionSchema)),
  /** awaiting_treasurers only: how many approvals a majority takes (more than half of the accepted treasurers). */
  approvals_needed: Type.Optional(Type.Integer()),
};

export const WithdrawalSchema = Type.Object(withdrawalFields);
export type Withdrawal = Static<typeof WithdrawalSchema>;

/** Admin queue rows also carry the organizer and the full verified destination. */
export const AdminWithdrawalSchema = Type.Object({
  ...withdrawalFields,
  organizer_id: Type.String({ format: 'uuid' }),
  organizer_name: Type.String(),
  organizer_email: Type.String(),
  destination: WithdrawalDetailsSchema,
  provider_status: Nullable(Type.String({ description: "The provider's last word on the transfer (added field)." })),
});
export type AdminWithdrawal = Static<typeof AdminWithdrawalSchema>;

export const WithdrawalRequestBody = Type.Object({
  cause_id: Type.String({ maxLength: 100 }),
  amount: Type.Union([Type.String({ maxLength: 40 }), Type.Number()]),
});

export const WithdrawalListQuery = Type.Object({
  ...PageParams,
  cause_id: Type.Optional(Type.String({ maxLength: 100 })),
});

/** GET /api/causes/{id}/balance/ (organizer, admins). available = raised − withdrawn − pending − held. */
export const CauseBalanceSchema = Type.Object({
  cause_id: Type.String({ format: 'uuid' }),
  raised: Type.String({ description: 'GHS: completed donations net of their refunds.' }),
  withdrawn: Amount,
  pending: Amount,
  held: Type.String({ description: 'GHS: card donations settled less than CARD_HOLD_HOURS ago, raised but not yet withdrawable.' }),
  refunded: Type.String({ description: 'GHS: donations paid back to donors; never part of raised.' }),
  available: Amount,
});
export type CauseBalance = Static<typeof CauseBalanceSchema>;

export const LedgerEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.Enum(['donation', 'withdrawal', 'refund'], {
    description:
      'refund: money paid back to the donor (a refund of a donation, in full or in part, or a flagged payment refunded); not in the totals. A donation entry shows what it gives after its refunds.',
  }),
  amount: Amount,
  at: DateTime,
  /** Donor's name for named donations and refunds, null for anonymous ones (shown as 'Anonymous donor'); null for withdrawals. */
  donor_name: Nullable(Type.String()),
  description: Type.String(),
  note: Nullable(
    Type.String({ description: 'What a review changed, e.g. "Credited after review: GH₵50.00 received of GH₵60.00 pledged."' }),
  ),
  /** Withdrawals a cause's treasurers approved: their names, in the order they approved. */
  approved_by: Type.Optional(Type.Array(Type.String())),
});
export type LedgerEntry = Static<typeof LedgerEntrySchema>;

/** GET /api/causes/{id}/ledger/ (public). */
export const CauseLedgerSchema = Type.Object({
  cause_id: Type.String({ format: 'uuid' }),
  totals: Type.Object({ money_in: Amount, money_out: Amount, balance: Amount }),
  entries: Type.Array(LedgerEntrySchema),
  count: Type.Integer(),
  next: Nullable(Type.String()),
  previous: Nullable(Type.String()),
});
export type CauseLedger = Static<typeof CauseLedgerSchema>;

export const LedgerQuery = Type.Object({ page: PageParams.page });
