/**
 * The sandbox provider's payout side: fixed lists of Ghanaian banks and mobile money
 * networks, a deterministic account check and transfers kept in sandbox_transfers (so
 * every process sees them). Test rules:
 *   - an account number of 10 to 16 digits resolves to a name made from its digits,
 *     except one ending in 0000, which "does not exist";
 *   - a transfer succeeds at once, except an amount whose pesewas end in 13
 *     (GH₵25.13, GH₵1.13, …), which fails;
 *   - a second transfer with a reference already used is refused (like Paystack).
 */
import { createHash } from 'node:crypto';
import type { SandboxRepo, SandboxTransfer } from '../repositories/sandbox';
import type { PayoutInstitution, RecipientInput, TransferInput, TransferResult } from './provider';
import { ProviderError } from './provider';

/** GhIPSS sort codes as Paystack lists them for Ghana. */
export const SANDBOX_BANKS: PayoutInstitution[] = [
  { code: '280100', name: 'Access Bank Ghana' },
  { code: '080100', name: 'Agricultural Development Bank' },
  { code: '030100', name: 'Absa Bank Ghana' },
  { code: '210100', name: 'Bank of Africa Ghana' },
  { code: '140100', name: 'CalBank' },
  { code: '340100', name: 'Consolidated Bank Ghana' },
  { code: '130100', name: 'Ecobank Ghana' },
  { code: '200100', name: 'FBNBank Ghana' },
  { code: '240100', name: 'Fidelity Bank Ghana' },
  { code: '170100', name: 'First Atlantic Bank' },
  { code: '330100', name: 'First National Bank Ghana' },
  { code: '040100', name: 'GCB Bank' },
  { code: '230100', name: 'Guaranty Trust Bank Ghana' },
  { code: '050100', name: 'National Investment Bank' },
  { code: '360100', name: 'OmniBSIC Bank' },
  { code: '180100', name: 'Prudential Bank' },
  { code: '110100', name: 'Republic Bank Ghana' },
  { code: '090100', name: 'Societe Generale Ghana' },
  { code: '190100', name: 'Stanbic Bank Ghana' },
  { code: '020100', name: 'Standard Chartered Ghana' },
  { code: '060100', name: 'United Bank for Africa Ghana' },
  { code: '100100', name: 'Universal Merchant Bank' },
  { code: '120100', name: 'Zenith Bank Ghana' },
];

export const SANDBOX_MOBILE_MONEY: PayoutInstitution[] = [
  { code: 'MTN', name: 'MTN Mobile Money' },
  { code: 'VOD', name: 'Telecel Cash' },
  { code: 'ATL', name: 'AirtelTigo Money' },
];

const FIRST = ['KWAME', 'AMA', 'KOFI', 'ABENA', 'YAW', 'AKOSUA', 'KWABENA', 'ADWOA', 'KWAKU', 'AFUA'];
const LAST = ['MENSAH', 'BOATENG', 'OWUSU', 'ASANTE', 'OSEI', 'ADJEI', 'AGYEMANG', 'DARKO', 'APPIAH', 'OFORI'];

/** A stable name from the digits: the same number always gives the same holder. */
export function sandboxAccountName(accountNumber: string): string {
  const digits = accountNumber.split('').map(Number);
  const sum = digits.reduce((a, b) => a + b, 0);
  return `${FIRST[sum % FIRST.length]} ${LAST[digits[digits.length - 1] % LAST.length]}`;
}

export function sandboxResolve(bankCode: string, accountNumber: string): { accountName: string } | null {
  if (!SANDBOX_BANKS.some((b) => b.code === bankCode)) return null;
  if (!/^\d{10,16}$/.test(accountNumber) || accountNumber.endsWith('0000')) return null;
  return { accountName: sandboxAccountName(accountNumber) };
}

export function sandboxRecipient(details: RecipientInput): { recipientCode: string } {
  const hash = createHash('sha256').update(`${details.type}:${details.bankCode}:${details.accountNumber}`).digest('hex');
  return { recipientCode: `RCP_sandbox${hash.slice(0, 12)}` };
}

export const SANDBOX_FAILURE_REASON = 'Sandbox: amounts ending in .13 always fail.';

function toResult(row: SandboxTransfer): TransferResult {
  return { status: row.status, providerStatus: row.status, transferCode: `TRF_${row.reference}`, reason: row.reason };
}

export async function sandboxTransfer(repo: SandboxRepo, input: TransferInput): Promise<TransferResult> {
  const failed = input.amount % 100 === 13;
  const row = await repo.addTransfer({
    reference: input.reference,
    recipientCode: input.recipient,
    amount: input.amount,
    currency: 'GHS',
    status: failed ? 'failed' : 'success',
    reason: failed ? SANDBOX_FAILURE_REASON : null,
  });
  if (!row) throw new ProviderError('Sandbox: a transfer with this reference already exists.', true);
  return toResult(row);
}

export async function sandboxGetTransfer(repo: SandboxRepo, reference: string): Promise<TransferResult | null> {
  const row = await repo.transfer(reference);
  return row ? toResult(row) : null;
}
