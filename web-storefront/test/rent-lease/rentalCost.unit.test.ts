import { describe, expect, it } from 'vitest';
import { cheapestRental, leaseCost, RENTAL_CARS } from '../../src/rent-lease/rentalCost';

const [corolla, crv, cClass] = RENTAL_CARS;

describe('rental cost calculator', () => {
  it('keeps the spec rates in naira', () => {
    expect(RENTAL_CARS.map((car) => [car.name, car.dailyRate, car.weeklyRate, car.monthlyRate])).toEqual([
      ['Toyota Corolla', 105_000, 700_000, 2_800_000],
      ['Honda CR-V', 125_000, 857_000, 3_400_000],
      ['Mercedes-Benz C-Class', 250_000, 1_750_000, 7_100_000],
    ]);
  });

  it('charges days for short rentals', () => {
    expect(cheapestRental(corolla!, 1)).toEqual({ months: 0, weeks: 0, days: 1, total: 105_000 });
    expect(cheapestRental(corolla!, 6)).toEqual({ months: 0, weeks: 0, days: 6, total: 630_000 });
  });

  it('switches to a week when the days would cost more', () => {
    // Seven days by the day: ₦735,000; a week: ₦700,000.
    expect(cheapestRental(corolla!, 7)).toEqual({ months: 0, weeks: 1, days: 0, total: 700_000 });
    // 7 CR-V days would be ₦875,000; the week is ₦857,000, and 13 days = 1 week + 6 days = ₦1,607,000 < 2 weeks ₦1,714,000.
    expect(cheapestRental(crv!, 13)).toEqual({ months: 0, weeks: 1, days: 6, total: 1_607_000 });
  });

  it('uses a month when it is cheaper than weeks and days, even for fewer than 30 days', () => {
    // A C-Class week is exactly seven days, so 26 days cost ₦6,500,000 either way, less than a month (₦7,100,000).
    expect(cheapestRental(cClass!, 26)).toMatchObject({ months: 0, total: 6_500_000 });
    expect(cheapestRental(cClass!, 29)).toEqual({ months: 1, weeks: 0, days: 0, total: 7_100_000 });
    // 29 Corolla days: 4 weeks + 1 day = ₦2,905,000 > a month ₦2,800,000.
    expect(cheapestRental(corolla!, 29)).toEqual({ months: 1, weeks: 0, days: 0, total: 2_800_000 });
    expect(cheapestRental(corolla!, 45)).toEqual({ months: 1, weeks: 2, days: 1, total: 4_305_000 });
  });

  it('refuses days outside 1 to 365', () => {
    expect(() => cheapestRental(corolla!, 0)).toThrow(RangeError);
    expect(() => cheapestRental(corolla!, 366)).toThrow(RangeError);
    expect(() => cheapestRental(corolla!, 2.5)).toThrow(RangeError);
  });

  it('prices a lease by the month', () => {
    expect(leaseCost(2_800_000, 12)).toBe(33_600_000);
    expect(leaseCost(3_500_000, 24)).toBe(84_000_000);
    expect(() => leaseCost(2_800_000, 0)).toThrow(RangeError);
  });
});
