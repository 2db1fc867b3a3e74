import type { Pesewas } from '../../../../shared/money';

/**
 * The 'together' split (giving contract): the total spread evenly over the causes in pesewas,
 * the remainder pesewas going to the first cause. Sums back to the total exactly.
 */
export function evenSplit(total: Pesewas, count: number): Pesewas[] {
  if (count <= 0) return [];
  const share = Math.floor(total / count);
  const remainder = total - share * count;
  return Array.from({ length: count }, (_, i) => (i === 0 ? share + remainder : share));
}
