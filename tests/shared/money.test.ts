import { describe, expect, it } from 'vitest';
import { formatGhs, parseAmount, toDecimalString } from '../../src/shared/money';

describe('parseAmount', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['0.01', 1],
    ['0', 0],
    [' 10.00 ', 1000],
    ['007', 700],
    [25.5, 2550],
    [10, 1000],
    [0.1, 10],
    [19.99, 1999],
    ['9999999999999.99', 999999999999999],
  ])('parses %o as %i pesewas', (input, pesewas) => {
    expect(parseAmount(input)).toBe(pesewas);
  });

  it.each([
    ['-5'],
    [-5],
    ['1.234'],
    [1.234],
    ['1,000'],
    ['abc'],
    [''],
    ['  '],
    ['.5'],
    ['5.'],
    ['1e3'],
    [1e21],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [undefined],
    [{}],
    [['5']],
    ['GH₵5'],
    ['10000000000000'],
  ])('rejects %o', (input) => {
    expect(parseAmount(input)).toBeNull();
  });
});

describe('toDecimalString', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [2500, '25.00'],
    [123456, '1234.56'],
    [-250, '-2.50'],
    [99.9, '0.99'],
  ])('formats %d as %s', (pesewas, text) => {
    expect(toDecimalString(pesewas)).toBe(text);
  });

  it('round-trips with parseAmount', () => {
    for (const pesewas of [0, 1, 99, 100, 101, 123456789]) expect(parseAmount(toDecimalString(pesewas))).toBe(pesewas);
  });
});

describe('formatGhs', () => {
  it.each([
    [125000, 'GH₵1,250.00'],
    [0, 'GH₵0.00'],
    [5, 'GH₵0.05'],
    [123456789, 'GH₵1,234,567.89'],
    [-2500, '-GH₵25.00'],
    ['1250.00', 'GH₵1,250.00'],
    ['1250.5', 'GH₵1,250.50'],
    ['-3.10', '-GH₵3.10'],
    ['junk', 'GH₵0.00'],
    [null, 'GH₵0.00'],
    [undefined, 'GH₵0.00'],
  ])('formats %o as %s', (value, text) => {
    expect(formatGhs(value)).toBe(text);
  });
});
