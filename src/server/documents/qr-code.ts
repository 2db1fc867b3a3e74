/**
 * QR codes for posters: the module grid of a text (uqr, error correction M: a poster on a notice
 * board survives a fold or a smudge), drawn as filled squares, one rectangle per dark run of a row,
 * so the PDF stays small and sharp at any print size.
 */
import { encode } from 'uqr';

/** Rows of modules, true = dark, without the quiet zone (the drawing leaves it white). */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** Each row's dark runs as [row, first column, length]. */
export function darkRuns(modules: boolean[][]): [number, number, number][] {
  const runs: [number, number, number][] = [];
  modules.forEach((row, y) => {
    let start = -1;
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x;
      if ((!dark || x === row.length - 1) && start >= 0) {
        runs.push([y, start, (dark ? x + 1 : x) - start]);
        start = -1;
      }
    });
  });
  return runs;
}
