import { parseAmount } from './money';

/** Amount in pesewas from an API decimal string or number; invalid counts as 0. */
export function toPesewas(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  return parseAmount(typeof value === 'number' ? value : String(value).trim()) ?? 0;
}

export interface Progress {
  /** All in pesewas. */
  goal: number;
  collected: number;
  /** Never negative: an over-funded cause has nothing remaining. */
  remaining: number;
  /** Whole percent, 0..100 (capped: a cause past its goal shows 100). */
  percent: number;
}

/** Goal, collected, remaining and the progress percentage of a cause (landing cards, list, detail). */
export function causeProgress(target: string | number | null | undefined, current: string | number | null | undefined): Progress {
  const goal = toPesewas(target);
  const collected = toPesewas(current);
  const remaining = Math.max(0, goal - collected);
  const percent = goal > 0 ? Math.min(100, Math.floor((collected * 100) / goal)) : collected > 0 ? 100 : 0;
  return { goal, collected, remaining, percent };
}
