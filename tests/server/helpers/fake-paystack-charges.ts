/**
 * The fake Paystack's Charge API for mobile money, as documented
 * (https://paystack.com/docs/payments/payment-channels/#mobile-money): POST /charge with
 * {email, amount, currency, reference, mobile_money: {phone, provider}} answers "Charge attempted"
 * with data.status pay_offline (the prompt is on the phone), send_otp (Telecel's voucher), or failed
 * with a gateway message; POST /charge/submit_otp {otp, reference} goes on from send_otp. The
 * transaction then verifies as ongoing until a test approves it (success, channel mobile_money).
 */
import type { FakeTransaction } from './fake-paystack';

export interface FakeChargeRule {
  status: 'pay_offline' | 'send_otp' | 'failed' | 'success' | 'timeout';
  display_text?: string;
  message?: string;
}

export interface FakeCharges {
  /** What POST /charge answers per local phone number (default pay_offline). */
  chargeRules: Map<string, FakeChargeRule>;
  /** The code submit_otp accepts. */
  chargeOtp: string;
  /** The prompt was approved on the phone: verify now says success. */
  approve(reference: string): void;
  transactions: Map<string, FakeTransaction & { phone?: string; provider?: string }>;
}

export function initCharges(fake: FakeCharges): void {
  fake.chargeRules = new Map();
  fake.chargeOtp = '123456';
  fake.approve = (reference) => {
    const tx = fake.transactions.get(reference);
    if (!tx) throw new Error(`fake paystack: unknown charge ${reference}`);
    Object.assign(tx, { status: 'success', channel: 'mobile_money' });
  };
}

type Send = (status: number, body: unknown) => void;

export function handleCharges(fake: FakeCharges, method: string, url: URL, body: unknown, send: Send): boolean {
  if (method !== 'POST') return false;
  const input = (body ?? {}) as Record<string, unknown>;
  if (url.pathname === '/charge') {
    const wallet = input.mobile_money as { phone?: unknown; provider?: unknown } | undefined;
    const reference = String(input.reference ?? '');
    if (
      typeof input.email !== 'string' ||
      !Number.isInteger(input.amount) ||
      input.currency !== 'GHS' ||
      typeof wallet?.phone !== 'string' ||
      !/^0\d{9}$/.test(wallet.phone) ||
      !['mtn', 'vod', 'atl'].includes(String(wallet.provider))
    ) {
      send(400, { status: false, message: 'Invalid mobile money details' });
      return true;
    }
    if (fake.transactions.has(reference)) {
      send(400, { status: false, message: 'Duplicate Transaction Reference' });
      return true;
    }
    const rule = fake.chargeRules.get(wallet.phone) ?? { status: 'pay_offline' };
    fake.transactions.set(reference, {
      reference,
      amount: Number(input.amount),
      currency: 'GHS',
      email: input.email,
      status: rule.status === 'failed' || rule.status === 'timeout' ? 'failed' : rule.status === 'success' ? 'success' : 'ongoing',
      metadata: input.metadata,
      callback_url: '',
      access_code: '',
      channel: 'mobile_money',
      phone: wallet.phone,
      provider: String(wallet.provider),
    });
    const data =
      rule.status === 'pay_offline'
        ? {
            reference,
            status: 'pay_offline',
            display_text: rule.display_text ?? 'Please complete authorization process on your mobile phone',
          }
        : rule.status === 'send_otp'
          ? { reference, status: 'send_otp', display_text: rule.display_text ?? 'Please enter the voucher code' }
          : { reference, status: rule.status, message: rule.message ?? '', gateway_response: rule.message ?? '' };
    send(200, { status: true, message: 'Charge attempted', data });
    return true;
  }
  if (url.pathname === '/charge/submit_otp') {
    const tx = fake.transactions.get(String(input.reference ?? ''));
    if (!tx || typeof input.otp !== 'string') {
      send(400, { status: false, message: 'Charge not found' });
      return true;
    }
    const right = input.otp === fake.chargeOtp;
    if (tx.status === 'ongoing') tx.status = right ? 'success' : 'failed';
    send(200, {
      status: true,
      message: 'Charge attempted',
      data: right
        ? { reference: tx.reference, status: tx.status, gateway_response: 'Approved' }
        : { reference: tx.reference, status: 'failed', message: 'Invalid OTP', gateway_response: 'Invalid OTP' },
    });
    return true;
  }
  return false;
}
