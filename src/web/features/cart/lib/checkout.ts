import type { CartLine } from '../local-cart-types';
import { lineTotal } from '../local-cart';

/** Where Checkout goes (spec §4): nothing ticked, one line, or several. */
export type CheckoutTarget = { kind: 'none' } | { kind: 'single'; causeId: string; amount: string } | { kind: 'multi'; causeIds: string[] };

/** The ticked lines that still exist, in cart order. */
export function tickedLines(lines: CartLine[], ticked: ReadonlySet<string>): CartLine[] {
  return lines.filter((line) => ticked.has(line.id));
}

/** One ticked line → /donation with its cause id and line total; several → /multidonation. */
export function checkoutTarget(lines: CartLine[], ticked: ReadonlySet<string>): CheckoutTarget {
  const chosen = tickedLines(lines, ticked);
  if (chosen.length === 0) return { kind: 'none' };
  if (chosen.length === 1) return { kind: 'single', causeId: chosen[0].cause_id, amount: lineTotal(chosen[0]) };
  return { kind: 'multi', causeIds: chosen.map((line) => line.cause_id) };
}

/** Cart search (spec §5): cause name or id, case-insensitive; plus the category filter. */
export function filterCartLines(lines: CartLine[], query: string, category: string): CartLine[] {
  const q = query.trim().toLowerCase();
  return lines.filter((line) => {
    if (category && (line.category ?? '') !== category) return false;
    if (!q) return true;
    return line.title.toLowerCase().includes(q) || line.cause_id.toLowerCase().includes(q);
  });
}
