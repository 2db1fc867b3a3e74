/**
 * The payout half of the fake Paystack: GET /bank (Ghana banks, or mobile money with
 * type=mobile_money), GET /bank/resolve, POST /transferrecipient, POST /transfer and
 * GET /transfer/verify/:reference, in Paystack's { status, message, data } envelopes.
 * Like Paystack, a transfer reference can be used once. Tests choose how /transfer
 * answers (its status, or a fault before or after the transfer is recorded).
 */
import { randomBytes } from 'node:crypto';

export interface FakeTransfer {
  reference: string;
  amount: number;
  currency: string;
  recipient: string;
  reason: string;
  status: string;
  transfer_code: string;
}

export interface FakeRecipient {
  recipient_code: string;
  type: string;
  name: string;
  account_number: string;
  bank_code: string;
  currency: string;
}

/**
 * How POST /transfer behaves: 'ok' answers with `transferStatus`; 'error_before' answers 500
 * without recording anything; 'error_after' records the transfer and then answers 500 (the
 * caller cannot know it went through); 'refuse' answers 400 without recording it.
 */
export type TransferFault = 'ok' | 'error_before' | 'error_after' | 'refuse';

export interface FakeTransfers {
  /** "bank_code:account_number" → account name; anything else does not resolve. */
  accounts: Map<string, string>;
  recipients: Map<string, FakeRecipient>;
  transfers: Map<string, FakeTransfer>;
  transferStatus: string;
  transferFault: TransferFault;
  setTransferStatus(reference: string, status: string): void;
}

export const FAKE_BANKS = [
  { id: 1, name: 'GCB Bank', slug: 'gcb-bank', code: '040100', type: 'ghipss', currency: 'GHS', country: 'Ghana', active: true },
  { id: 2, name: 'Ecobank Ghana', slug: 'ecobank-ghana', code: '130100', type: 'ghipss', currency: 'GHS', country: 'Ghana', active: true },
  { id: 3, name: 'Absa Bank Ghana', slug: 'absa-ghana', code: '030100', type: 'ghipss', currency: 'GHS', country: 'Ghana', active: true },
  { id: 4, name: 'Old Closed Bank', slug: 'old', code: '999100', type: 'ghipss', currency: 'GHS', country: 'Ghana', active: false },
];

export const FAKE_MOBILE_MONEY = [
  { id: 10, name: 'MTN', slug: 'mtn', code: 'MTN', type: 'mobile_money', currency: 'GHS', country: 'Ghana', active: true },
  { id: 11, name: 'Telecel Ghana', slug: 'vod', code: 'VOD', type: 'mobile_money', currency: 'GHS', country: 'Ghana', active: true },
  { id: 12, name: 'AirtelTigo', slug: 'atl', code: 'ATL', type: 'mobile_money', currency: 'GHS', country: 'Ghana', active: true },
];

type Send = (status: number, body: unknown) => void;

export function initTransfers(fake: FakeTransfers): void {
  fake.accounts = new Map();
  fake.recipients = new Map();
  fake.transfers = new Map();
  fake.transferStatus = 'pending';
  fake.transferFault = 'ok';
  fake.setTransferStatus = (reference, status) => {
    const transfer = fake.transfers.get(reference);
    if (!transfer) throw new Error(`fake paystack: unknown transfer ${reference}`);
    transfer.status = status;
  };
}

const envelope = (message: string, data: unknown) => ({ status: true, message, data });

/** Answers the payout routes; false for anything else. */
export function handleTransfers(fake: FakeTransfers, method: string, url: URL, body: unknown, send: Send): boolean {
  const path = url.pathname;
  const input = (body ?? {}) as Record<string, unknown>;
  if (method === 'GET' && path === '/bank') {
    const momo = url.searchParams.get('type') === 'mobile_money';
    if (url.searchParams.get('currency') !== 'GHS' || (!momo && url.searchParams.get('country') !== 'ghana')) {
      send(200, envelope('Banks retrieved', []));
    } else send(200, envelope('Banks retrieved', momo ? FAKE_MOBILE_MONEY : FAKE_BANKS));
    return true;
  }
  if (method === 'GET' && path === '/bank/resolve') {
    const name = fake.accounts.get(`${url.searchParams.get('bank_code')}:${url.searchParams.get('account_number')}`);
    if (!name) send(422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
    else
      send(
        200,
        envelope('Account number resolved', { account_number: url.searchParams.get('account_number'), account_name: name, bank_id: 1 }),
      );
    return true;
  }
  if (method === 'POST' && path === '/transferrecipient') {
    const ok =
      ['ghipss', 'mobile_money'].includes(String(input.type)) &&
      input.currency === 'GHS' &&
      [input.name, input.account_number, input.bank_code].every((v) => typeof v === 'string' && v !== '');
    if (!ok) {
      send(400, { status: false, message: 'Invalid recipient details' });
      return true;
    }
    const recipient: FakeRecipient = {
      recipient_code: `RCP_${randomBytes(6).toString('hex')}`,
      type: String(input.type),
      name: String(input.name),
      account_number: String(input.account_number),
      bank_code: String(input.bank_code),
      currency: 'GHS',
    };
    fake.recipients.set(recipient.recipient_code, recipient);
    send(
      201,
      envelope('Transfer recipient created successfully', {
        ...recipient,
        active: true,
        details: {
          account_number: recipient.account_number,
          bank_code: recipient.bank_code,
        },
      }),
    );
    return true;
  }
  if (method === 'POST' && path === '/transfer') {
    const reference = String(input.reference ?? '');
    if (
      input.source !== 'balance' ||
      !Number.isInteger(input.amount) ||
      !fake.recipients.has(String(input.recipient)) ||
      !/^[a-z0-9_-]+$/.test(reference)
    ) {
      send(400, { status: false, message: 'Invalid transfer request' });
      return true;
    }
    if (fake.transfers.has(reference)) {
      send(400, { status: false, message: 'Duplicate Transfer Reference' });
      return true;
    }
    if (fake.transferFault === 'error_before') send(500, { status: false, message: 'Internal error' });
    else if (fake.transferFault === 'refuse') send(400, { status: false, message: 'Your balance is not enough to fulfil this request' });
    else {
      const transfer: FakeTransfer = {
        reference,
        amount: Number(input.amount),
        currency: String(input.currency ?? 'GHS'),
        recipient: String(input.recipient),
        reason: String(input.reason ?? ''),
        status: fake.transferStatus,
        transfer_code: `TRF_${randomBytes(6).toString('hex')}`,
      };
      fake.transfers.set(reference, transfer);
      if (fake.transferFault === 'error_after') send(502, { status: false, message: 'Bad gateway' });
      else send(200, envelope('Transfer has been queued', { ...transfer, source: 'balance', integration: 1, domain: 'test' }));
    }
    return true;
  }
  const verify = /^\/transfer\/verify\/([^/]+)$/.exec(path);
  if (method === 'GET' && verify) {
    const transfer = fake.transfers.get(decodeURIComponent(verify[1]));
    if (!transfer) send(404, { status: false, message: 'Transfer not found' });
    else send(200, envelope('Transfer retrieved', { ...transfer, source: 'balance', failures: null }));
    return true;
  }
  return false;
}
