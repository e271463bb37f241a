import { describe, expect, it } from 'vitest';
import { percent, percentOfShare, percentText, shareOfPercent } from '../src/landed-cost/percent';
import { bandsProblem, rateRuleProblem, shareProblem } from '../src/landed-cost/rateRule';

describe('rates typed as percentages, kept as shares', () => {
  it('turns what staff type into the share the API takes, without float noise', () => {
    expect(shareOfPercent(7.5)).toBe(0.075);
    expect(shareOfPercent('7.5')).toBe(0.075);
    expect(shareOfPercent(35)).toBe(0.35);
    expect(shareOfPercent(0.7)).toBe(0.007);
    expect(shareOfPercent(1.1)).toBe(0.011);
    expect(shareOfPercent(33.3333333)).toBe(0.333333);
    expect(shareOfPercent(100)).toBe(1);
    expect(shareOfPercent(150)).toBe(1.5);
    expect(shareOfPercent(0)).toBe(0);
  });

  it('leaves an empty input empty', () => {
    expect(shareOfPercent('')).toBeNull();
    expect(shareOfPercent(null)).toBeNull();
    expect(shareOfPercent(undefined)).toBeNull();
    expect(shareOfPercent('abc')).toBeNull();
  });

  it('shows a stored share as the percentage staff typed, and back again', () => {
    for (const typed of [7.5, 0.5, 1.1, 2.35, 12.345, 35, 100, 0.0001]) expect(percentOfShare(shareOfPercent(typed))).toBe(typed);
    expect(percentOfShare(0.07500000000000001)).toBe(7.5);
    expect(percentOfShare(null)).toBeNull();
    expect(percentOfShare('0.075')).toBeNull();
    expect(percentText(0.075)).toBe('7.5');
    expect(percentText(undefined)).toBe('');
    expect(percent(0.075)).toBe('7.5%');
    expect(percent(0.35)).toBe('35%');
    expect(percent(0.011)).toBe('1.1%');
  });
});

describe("a tariff line's rate checked with the domain's rules", () => {
  it('names the rate above 100% and accepts the one at 100%', () => {
    expect(rateRuleProblem({ kind: 'flat', rate: 1.5 }, 'rate')).toBe('Rate must be between 0% and 100%');
    expect(rateRuleProblem({ kind: 'flat', rate: 1 }, 'rate')).toBeUndefined();
    const byClass = { kind: 'byVehicleClass', rates: { passenger: 0.35, goods: -0.1 } };
    expect(rateRuleProblem(byClass, 'rates.goods')).toBe('Rate must be between 0% and 100%');
    expect(rateRuleProblem(byClass, 'rates.passenger')).toBeUndefined();
    expect(shareProblem(1.5)).toBe('Rate must be between 0% and 100%');
    expect(shareProblem(0.015)).toBeUndefined();
  });

  it('wants engine bands rising with the last open-ended', () => {
    const band = (upToCc: number | null, rate = 0.1) => ({ upToCc, rate });
    expect(bandsProblem([band(1900), band(3000), band(null)])).toBeUndefined();
    expect(bandsProblem([band(1900), band(3000)])).toBe('The last band must be open-ended: leave its “Up to cc” empty');
    expect(bandsProblem([band(3000), band(1900), band(null)])).toMatch(/^Bands must rise/);
    expect(bandsProblem([band(null), band(null)])).toMatch(/^Bands must rise/);
    expect(bandsProblem([])).toBe('Add at least one band');
    const rule = { kind: 'byEngineCc', bands: [band(1.5), band(null, 2)], electric: 0.05 };
    expect(rateRuleProblem(rule, 'bands.0.upToCc')).toMatch(/^Up to cc must be a whole number/);
    expect(rateRuleProblem(rule, 'bands.1.rate')).toBe('Rate must be between 0% and 100%');
    expect(rateRuleProblem(rule, 'electric')).toBeUndefined();
  });
});
