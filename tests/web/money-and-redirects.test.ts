import { describe, expect, it } from 'vitest';
import { formatGhs, parseAmount } from '../../src/shared/money';
import { safeRedirectPath, validateRedirectSearch } from '../../src/web/lib/redirect-path';
import { decodeJwt, userIdFromClaims } from '../../src/web/lib/jwt';
import { fakeJwt } from './helpers/fake-fetch';

describe('amounts as screens show them', () => {
  it('formats pesewas and API decimal strings as cedis', () => {
    expect(formatGhs(100)).toBe('GH₵1.00');
    expect(formatGhs(125_000)).toBe('GH₵1,250.00');
    expect(formatGhs('1250.5')).toBe('GH₵1,250.50');
    expect(formatGhs('10.00')).toBe('GH₵10.00');
    expect(formatGhs(null)).toBe('GH₵0.00');
    expect(formatGhs(-2550)).toBe('-GH₵25.50');
  });

  it('parses what a donor types into pesewas, rejecting what is not money', () => {
    expect(parseAmount('25')).toBe(2500);
    expect(parseAmount(' 25.5 ')).toBe(2550);
    expect(parseAmount('25.555')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});

describe('redirect after sign-in', () => {
  it('follows same-origin paths only', () => {
    expect(safeRedirectPath('/dashboard?tab=1')).toBe('/dashboard?tab=1');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example/')).toBeNull();
    expect(safeRedirectPath(42)).toBeNull();
    expect(validateRedirectSearch({ redirect: '//x' })).toEqual({});
    expect(validateRedirectSearch({ redirect: '/cartpage' })).toEqual({ redirect: '/cartpage' });
  });
});

describe('user id from the access token', () => {
  it('reads user_id, then user, then sub', () => {
    expect(userIdFromClaims({ user_id: 'a', user: 'b', sub: 'c' })).toBe('a');
    expect(userIdFromClaims({ user: 'b', sub: 'c' })).toBe('b');
    expect(userIdFromClaims({ sub: 'c' })).toBe('c');
    expect(userIdFromClaims({})).toBeNull();
    expect(decodeJwt(fakeJwt({ name: 'Yaw Ɔdɔm' }))?.name).toBe('Yaw Ɔdɔm');
    expect(decodeJwt('not-a-token')).toBeNull();
  });
});
