/** Withdrawal, balance and ledger schemas; they mirror src/shared/payouts-contract.ts. */
import { Type } from 'typebox';
import { WITHDRAWAL_STATUSES } from '../../../db/schema';
import { PageParams } from '../../pagination';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Amount = Type.String({ description: 'GHS decimal string, e.g. "250.00".' });

export const WithdrawalStatusSchema = Type.Enum([...WITHDRAWAL_STATUSES]);

export const WithdrawalDetailsSchema = Type.Union([
  Type.Object({
    type: Type.Literal('bank'), bank_code: Type.String(), bank_name: Type.String(), account_number: Type.String(), account_name: Type.String(),
  }),
  Type.Object({
    type: Type.Literal('mobile_money'), provider: Type.String(), provider_name: Type.String(), phone_number: Type.String(), account_name: Type.String(),
  }),
]);

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
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  paid_at: Nullable(Type.String({ format: 'date-time' })),
};

export const WithdrawalResponse = Type.Object(withdrawalFields);

export const AdminWithdrawalResponse = Type.Object({
  ...withdrawalFields,
  organizer_id: Type.String({ format: 'uuid' }),
  organizer_name: Type.String(),
  organizer_email: Type.String(),
  destination: WithdrawalDetailsSchema,
  provider_status: Nullable(Type.String({ description: "The provider's last word on the transfer (added field)." })),
});

export const WithdrawalRequestBody = Type.Object({
  cause_id: Type.String({ maxLength: 100 }),
  amount: Type.Union([Type.String({ maxLength: 40 }), Type.Number()]),
});

export const WithdrawalListQuery = Type.Object({
  ...PageParams,
  cause_id: Type.Optional(Type.String({ maxLength: 100 })),
});

export const CauseBalanceResponse = Type.Object({
  cause_id: Type.String({ format: 'uuid' }),
  raised: Amount,
  withdrawn: Amount,
  pending: Amount,
  available: Amount,
});

export const LedgerEntrySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: Type.Enum(['donation', 'withdrawal', 'refund'], { description: 'refund: a flagged payment paid back to the donor; not in the totals.' }),
  amount: Amount,
  at: Type.String({ format: 'date-time' }),
  donor_name: Nullable(Type.String()),
  description: Type.String(),
  note: Nullable(Type.String({ description: 'What a review changed, e.g. "Credited after review: GH₵50.00 received of GH₵60.00 pledged."' })),
});

export const CauseLedgerResponse = Type.Object({
  cause_id: Type.String({ format: 'uuid' }),
  totals: Type.Object({ money_in: Amount, money_out: Amount, balance: Amount }),
  entries: Type.Array(LedgerEntrySchema),
  count: Type.Integer(),
  next: Nullable(Type.String()),
  previous: Nullable(Type.String()),
});

export const LedgerQuery = Type.Object({ page: PageParams.page });
