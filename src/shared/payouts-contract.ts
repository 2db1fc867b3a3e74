/**
 * Banks, withdrawal details, withdrawals and the public ledger (spec §1, §3, §7). Amounts are decimal strings.
 * The types are the contract schemas' (src/shared/contract/payouts.ts), imported as types only.
 */
import type { Static } from 'typebox';
import type {
  AdminWithdrawalSchema,
  BankAccountCheckSchema,
  CauseBalanceSchema,
  CauseLedgerSchema,
  InstitutionSchema,
  LedgerEntrySchema,
  WithdrawalDetailsSchema,
  WithdrawalSchema,
  WithdrawalStatusSchema,
} from './contract/payouts';

/** GET /api/user/banks/ */
export type Bank = Static<typeof InstitutionSchema>;
/** GET /api/user/mobile-money/ */
export type MobileMoneyProvider = Static<typeof InstitutionSchema>;
/** POST /api/user/validate-bank-account/ answer. */
export type BankAccountCheck = Static<typeof BankAccountCheckSchema>;
/** The profile's withdrawal_address, validated before it is saved. */
export type WithdrawalDetails = Static<typeof WithdrawalDetailsSchema>;
export type WithdrawalStatus = Static<typeof WithdrawalStatusSchema>;
export type Withdrawal = Static<typeof WithdrawalSchema>;
/** Admin queue rows also carry the organizer and the full verified destination. */
export type AdminWithdrawal = Static<typeof AdminWithdrawalSchema>;
/** GET /api/causes/{id}/balance/ (organizer and admins). available = raised − withdrawn − pending. */
export type CauseBalance = Static<typeof CauseBalanceSchema>;
/** GET /api/causes/{id}/ledger/ (public). */
export type CauseLedger = Static<typeof CauseLedgerSchema>;
export type LedgerEntry = Static<typeof LedgerEntrySchema>;
