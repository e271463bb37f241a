/** The spec's three featured cars, priced in naira (the base local currency); ids are their seeded listings. */
export interface FeaturedCar {
  id: string;
  make: string;
  model: string;
  subModel?: string;
  year: number;
  priceNgn: number;
  image: string;
  specs: { engine: string; transmission: string; power: string; drivetrain: string };
}

export const FEATURED_CARS: readonly FeaturedCar[] = [
  { id: 'featured-chery-omoda-5-2024', make: 'Chery', model: 'Omoda 5', year: 2024, priceNgn: 42_850_000, image: '/vehicles/crossover.svg', specs: { engine: '1.5T', transmission: 'CVT', power: '156 HP', drivetrain: 'FWD' } },
  { id: 'featured-toyota-venza-2024', make: 'Toyota', model: 'Venza', year: 2024, priceNgn: 68_800_000, image: '/vehicles/suv.svg', specs: { engine: 'Hybrid', transmission: 'E-CVT', power: '218 HP', drivetrain: 'AWD' } },
  { id: 'featured-toyota-bz4x-430-air-2025', make: 'Toyota', model: 'BZ4X', subModel: '430 Air', year: 2025, priceNgn: 46_850_000, image: '/vehicles/suv.svg', specs: { engine: 'Electric', transmission: 'Single speed', power: '201 HP', drivetrain: 'AWD' } },
];
