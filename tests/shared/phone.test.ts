import { describe, expect, it } from 'vitest';
import { formatGhanaMobile, localGhanaMobile, networkOfMobile, normaliseGhanaMobile } from '../../src/shared/phone';

describe('the one Ghana mobile number rule', () => {
  it('reads every way people type a number, and keeps 233XXXXXXXXX', () => {
    for (const typed of ['0241234567', '024 123 4567', '+233 24 123 4567', '233241234567', '(024) 123-4567', '024.123.4567']) {
      expect(normaliseGhanaMobile(typed), typed).toBe('233241234567');
    }
  });

  it('refuses landlines, wrong lengths and words', () => {
    for (const bad of ['0301234567', '0321234567', '024123456', '02412345678', '2330241234567', '+2330241234567', 'abc', '']) {
      expect(normaliseGhanaMobile(bad), bad).toBeNull();
      expect(localGhanaMobile(bad), bad).toBeNull();
      expect(networkOfMobile(bad), bad).toBeNull();
    }
  });

  it('gives the local form wallets take and the spaced form people read', () => {
    expect(localGhanaMobile('+233 55 123 4567')).toBe('0551234567');
    expect(formatGhanaMobile('0551234567')).toBe('+233 55 123 4567');
    expect(formatGhanaMobile('not a number')).toBe('not a number');
  });

  it('guesses the network from the prefix', () => {
    expect(networkOfMobile('0241234567')).toBe('mtn');
    expect(networkOfMobile('0591234567')).toBe('mtn');
    expect(networkOfMobile('0201234567')).toBe('telecel');
    expect(networkOfMobile('+233501234567')).toBe('telecel');
    expect(networkOfMobile('0271234567')).toBe('at');
    expect(networkOfMobile('0571234567')).toBe('at');
    // Glo numbers are mobile numbers with no wallet we can charge.
    expect(normaliseGhanaMobile('0231234567')).toBe('233231234567');
    expect(networkOfMobile('0231234567')).toBeNull();
  });
});
