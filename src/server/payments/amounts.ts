/** Checks a giving amount from a client (number or decimal string) and names what is wrong. */
import { CART_MAX_AMOUNT_GHS } from '../../shared/limits';
import { formatGhs, parseAmount } from '../../shared/money';
import { english } from '../lib/localize';

export const MAX_GIFT_PESEWAS = CART_MAX_AMOUNT_GHS * 100;

export const AMOUNT_ERRORS = {
  positive: english('errors.amount.positive'),
  max: english('errors.amount.max', { max: formatGhs(MAX_GIFT_PESEWAS) }),
  decimals: english('errors.amount.decimals'),
} as const;

export type AmountCheck = { ok: true; pesewas: number } | { ok: false; error: string };

export function checkAmount(input: unknown): AmountCheck {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value <= 0) return { ok: false, error: AMOUNT_ERRORS.positive };
  if (value > CART_MAX_AMOUNT_GHS) return { ok: false, error: AMOUNT_ERRORS.max };
  if (/^\d*\.\d{3,}$/.test(text)) return { ok: false, error: AMOUNT_ERRORS.decimals };
  const pesewas = parseAmount(text.startsWith('.') ? `0${text}` : text);
  if (pesewas === null || pesewas <= 0) return { ok: false, error: AMOUNT_ERRORS.positive };
  if (pesewas > MAX_GIFT_PESEWAS) return { ok: false, error: AMOUNT_ERRORS.max };
  return { ok: true, pesewas };
}

/** total split evenly over n parts; the pesewas that do not divide go to the first part. */
export function splitEvenly(total: number, parts: number): number[] {
  const share = Math.floor(total / parts);
  const shares = Array.from({ length: parts }, () => share);
  shares[0] += total - share * parts;
  return shares;
}

/**
 * total split in proportion to weights (all integers, pesewas), summing exactly to total:
 * each part gets its floor share, the pesewas left over go to the largest remainders.
 */
export function splitInProportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return splitEvenly(total, weights.length);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}
