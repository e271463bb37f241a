/** The spec's rental cars and rates in naira (day / week / month) and its two lease plans. */
export interface RentalCar {
  id: string;
  name: string;
  category: 'Economy' | 'SUV' | 'Luxury';
  dailyRate: number;
  weeklyRate: number;
  monthlyRate: number;
  image: string;
  availability: 'Available' | 'Limited';
  /** Message keys of what the car comes with. */
  features: ReadonlyArray<'featAutomatic' | 'featAirCon' | 'featSeats5' | 'featBluetooth' | 'featFuelEfficient' | 'featSpacious' | 'featLeather' | 'featChauffeur'>;
}

export const RENTAL_CARS: readonly RentalCar[] = [
  { id: 'toyota-corolla', name: 'Toyota Corolla', category: 'Economy', dailyRate: 105_000, weeklyRate: 700_000, monthlyRate: 2_800_000, image: '/vehicles/sedan.svg', availability: 'Available', features: ['featAutomatic', 'featAirCon', 'featFuelEfficient'] },
  { id: 'honda-cr-v', name: 'Honda CR-V', category: 'SUV', dailyRate: 125_000, weeklyRate: 857_000, monthlyRate: 3_400_000, image: '/vehicles/suv.svg', availability: 'Available', features: ['featAutomatic', 'featSeats5', 'featSpacious'] },
  { id: 'mercedes-c-class', name: 'Mercedes-Benz C-Class', category: 'Luxury', dailyRate: 250_000, weeklyRate: 1_750_000, monthlyRate: 7_100_000, image: '/vehicles/sedan.svg', availability: 'Limited', features: ['featLeather', 'featBluetooth', 'featChauffeur'] },
];

export const LEASE_PLANS = [
  { id: 'personal', monthlyFrom: 2_800_000 },
  { id: 'business', monthlyFrom: 3_500_000 },
] as const;

export const DAYS_PER_WEEK = 7;
export const DAYS_PER_MONTH = 30;
export const MAX_RENTAL_DAYS = 365;

export interface RentalQuote {
  months: number;
  weeks: number;
  days: number;
  total: number;
}

/**
 * The cheapest way to cover `rentalDays` with monthly, weekly and daily rates (a month is 30 days). Every
 * combination is compared, including paying for a longer period than needed when that costs less.
 */
export function cheapestRental(car: Pick<RentalCar, 'dailyRate' | 'weeklyRate' | 'monthlyRate'>, rentalDays: number): RentalQuote {
  if (!Number.isInteger(rentalDays) || rentalDays < 1 || rentalDays > MAX_RENTAL_DAYS) throw new RangeError(`Rental days must be a whole number from 1 to ${MAX_RENTAL_DAYS}`);
  let best: RentalQuote | null = null;
  for (let months = 0; months <= Math.ceil(rentalDays / DAYS_PER_MONTH); months++) {
    const afterMonths = Math.max(0, rentalDays - months * DAYS_PER_MONTH);
    for (let weeks = 0; weeks <= Math.ceil(afterMonths / DAYS_PER_WEEK); weeks++) {
      const days = Math.max(0, afterMonths - weeks * DAYS_PER_WEEK);
      const total = months * car.monthlyRate + weeks * car.weeklyRate + days * car.dailyRate;
      if (!best || total < best.total) best = { months, weeks, days, total };
    }
  }
  return best!;
}

/** A lease's cost: the plan's monthly price times the months. */
export function leaseCost(monthlyFrom: number, months: number): number {
  if (!Number.isInteger(months) || months < 1 || months > 60) throw new RangeError('Lease months must be a whole number from 1 to 60');
  return monthlyFrom * months;
}
