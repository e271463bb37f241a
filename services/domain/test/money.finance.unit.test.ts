import { describe, expect, it } from 'vitest';
import { applyRate, monthlyPayment, roundHalfEven } from '../src/money';

describe('roundHalfEven', () => {
  it('rounds halves to the even neighbour and everything else to the nearest', () => {
    expect([0.5, 1.5, 2.5, 3.5, -0.5, -1.5, 2.4, 2.6, 7].map(roundHalfEven)).toEqual([0, 2, 2, 4, 0, -2, 2, 3, 7]);
  });
  it('treats a half computed with float error as the half', () => {
    expect(roundHalfEven(0.1 * 25)).toBe(2); // 2.5000000000000004
    expect(applyRate(250, 0.01)).toBe(2); // 2.5 kobo → 2
    expect(applyRate(350, 0.01)).toBe(4); // 3.5 kobo → 4
  });
});

describe('monthlyPayment', () => {
  it('amortises: ₦10,000,000 at 3.9% over 60 months with no deposit is ₦183,714.29 a month (worked by hand)', () => {
    // r = 0.039 / 12 = 0.00325; (1.00325)^-60 = 0.82309487; 1,000,000,000 kobo × 0.00325 = 3,250,000; / 0.17690513 = 18,371,429 kobo.
    const r = 0.039 / 12;
    const expected = Math.round((1_000_000_000 * r) / (1 - (1 + r) ** -60));
    expect(monthlyPayment({ priceMinor: 1_000_000_000, depositMinor: 0, aprPercent: 3.9, termMonths: 60 })).toBe(expected);
    expect(expected).toBe(18_371_429);
  });
  it('borrows only what the deposit leaves, and divides plainly at 0%', () => {
    expect(monthlyPayment({ priceMinor: 1_200_000, depositMinor: 200_000, aprPercent: 0, termMonths: 10 })).toBe(100_000);
    expect(monthlyPayment({ priceMinor: 500, depositMinor: 500, aprPercent: 3.9, termMonths: 12 })).toBe(0);
  });
  it('is never price / 12: a ₦53 M car over 60 months at 3.9% with 20% down is under ₦800,000 a month', () => {
    const monthly = monthlyPayment({ priceMinor: 5_300_000_000, depositMinor: 1_060_000_000, aprPercent: 3.9, termMonths: 60 });
    expect(monthly).toBeLessThan(80_000_000);
    expect(monthly).toBeGreaterThan(4_240_000_000 / 60);
  });
  it('refuses terms no lender offers', () => {
    expect(() => monthlyPayment({ priceMinor: 100, depositMinor: 0, aprPercent: 3.9, termMonths: 0 })).toThrow(/termMonths/);
    expect(() => monthlyPayment({ priceMinor: 100, depositMinor: 200, aprPercent: 3.9, termMonths: 12 })).toThrow(/deposit/);
    expect(() => monthlyPayment({ priceMinor: 100, depositMinor: 0, aprPercent: -1, termMonths: 12 })).toThrow(/aprPercent/);
  });
});
