/**
 * Money is integer pesewas (1 GHS = 100 pesewas) in the database and in all
 * arithmetic. The API speaks decimal strings ("25.00") and accepts numbers or
 * strings. Floats never touch an amount: parsing works on the decimal text.
 */
export type Pesewas = number;

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "25", "25.5", "25.50" or 25.5 into pesewas; null when not a valid non-negative amount with at most 2 decimals. */
export function parseAmount(input: unknown): Pesewas | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // Numbers from JSON like 25.1 print exactly as "25.1"; reject 1e21 style output.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const total = whole * 100 + fraction;
  return Number.isSafeInteger(total) ? total : null;
}

/** 2500 -> "25.00"; the API's decimal string form. */
export function toDecimalString(pesewas: Pesewas): string {
  const sign = pesewas < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(pesewas));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** Pesewas or an API decimal string -> pesewas (invalid input counts as 0 for display). */
function toPesewas(value: Pesewas | string | null | undefined): Pesewas {
  if (typeof value === 'number') return Math.trunc(value);
  if (typeof value === 'string') {
    const negative = value.trim().startsWith('-');
    const parsed = parseAmount(negative ? value.trim().slice(1) : value);
    return parsed === null ? 0 : negative ? -parsed : parsed;
  }
  return 0;
}

/**
 * Formats an amount for every screen: "GH₵1,250.00". Accepts pesewas (number)
 * or an API decimal string ("1250.00").
 */
export function formatGhs(value: Pesewas | string | null | undefined): string {
  const pesewas = toPesewas(value);
  const decimal = toDecimalString(Math.abs(pesewas));
  const [whole, fraction] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${pesewas < 0 ? '-' : ''}GH₵${grouped}.${fraction}`;
}
