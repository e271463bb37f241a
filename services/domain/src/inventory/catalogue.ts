/**
 * The models AutoBest sells: the data-collection catalogue of spec 001 (24 brand/model entries: Chery 5,
 * Haval 1, Toyota 6, Changan 3, Kia 1, MG 2, BYD 5, ROX 1; variants; years 2023-2025), with the attributes the
 * shipped listings are generated from.
 */
export type CatalogueBody = 'sedan' | 'suv' | 'crossover' | 'pickup' | 'hatchback';
export type CatalogueFuel = 'petrol' | 'diesel' | 'hybrid' | 'plug-in-hybrid' | 'electric';

export interface CatalogueEntry {
  brand: string;
  model: string;
  body: CatalogueBody;
  fuel: CatalogueFuel;
  /** Starting price in USD for the base variant of the newest year. */
  basePrice: number;
  engine: string;
  power: number;
  transmission: 'automatic' | 'manual' | 'cvt' | 'dct' | 'single-speed';
  drivetrain: string;
  variants: string[];
  years: number[];
  features: string[];
}

const Y = [2023, 2024, 2025];
export const DATA_COLLECTION_CATALOGUE: CatalogueEntry[] = [
  { brand: 'Chery', model: 'Tiggo 2 Pro', body: 'crossover', fuel: 'petrol', basePrice: 14500, engine: '1.5L', power: 114, transmission: 'cvt', drivetrain: 'FWD', variants: ['Comfort', 'Luxury'], years: Y, features: ['Touchscreen infotainment', 'Rear parking camera'] },
  { brand: 'Chery', model: 'Tiggo 4 Pro', body: 'suv', fuel: 'petrol', basePrice: 17500, engine: '1.5T', power: 145, transmission: 'cvt', drivetrain: 'FWD', variants: ['Comfort', 'Luxury'], years: Y, features: ['Apple CarPlay', 'Sunroof'] },
  { brand: 'Chery', model: 'Tiggo 7 Pro', body: 'suv', fuel: 'petrol', basePrice: 24500, engine: '1.5T', power: 154, transmission: 'cvt', drivetrain: 'FWD', variants: ['Luxury', 'Premium'], years: Y, features: ['360° camera', 'Panoramic sunroof'] },
  { brand: 'Chery', model: 'Tiggo 8 Pro', body: 'suv', fuel: 'petrol', basePrice: 31000, engine: '2.0T', power: 251, transmission: 'dct', drivetrain: 'FWD', variants: ['Luxury', 'Max'], years: Y, features: ['Seven seats', 'Adaptive cruise control'] },
  { brand: 'Chery', model: 'Arrizo 5', body: 'sedan', fuel: 'petrol', basePrice: 13000, engine: '1.5L', power: 114, transmission: 'cvt', drivetrain: 'FWD', variants: ['Standard', 'Comfort'], years: Y, features: ['Keyless entry', 'Touchscreen infotainment'] },
  { brand: 'Haval', model: 'H6', body: 'suv', fuel: 'hybrid', basePrice: 29500, engine: '1.5T Hybrid', power: 240, transmission: 'dct', drivetrain: 'FWD', variants: ['Premium', 'Ultra', 'HEV'], years: Y, features: ['Hybrid powertrain', 'Head-up display'] },
  { brand: 'Toyota', model: 'Corolla', body: 'sedan', fuel: 'petrol', basePrice: 21500, engine: '1.8L', power: 139, transmission: 'cvt', drivetrain: 'FWD', variants: ['LE', 'XLE'], years: Y, features: ['Toyota Safety Sense', 'Lane departure alert'] },
  { brand: 'Toyota', model: 'Camry', body: 'sedan', fuel: 'hybrid', basePrice: 29000, engine: '2.5L Hybrid', power: 208, transmission: 'cvt', drivetrain: 'FWD', variants: ['LE Hybrid', 'XSE'], years: Y, features: ['Hybrid powertrain', 'Leather seats'] },
  { brand: 'Toyota', model: 'RAV4', body: 'suv', fuel: 'hybrid', basePrice: 31500, engine: '2.5L Hybrid', power: 219, transmission: 'cvt', drivetrain: 'AWD', variants: ['XLE', 'Adventure'], years: Y, features: ['Hybrid powertrain', 'All-wheel drive'] },
  { brand: 'Toyota', model: 'Hilux', body: 'pickup', fuel: 'diesel', basePrice: 33000, engine: '2.8L Diesel', power: 201, transmission: 'automatic', drivetrain: '4WD', variants: ['SR', 'Legend'], years: Y, features: ['Tow package', 'Downhill assist control'] },
  { brand: 'Toyota', model: 'Land Cruiser Prado', body: 'suv', fuel: 'diesel', basePrice: 62000, engine: '2.8L Diesel', power: 201, transmission: 'automatic', drivetrain: '4WD', variants: ['TX', 'VX'], years: Y, features: ['Off-road crawl control', 'Seven seats'] },
  { brand: 'Toyota', model: 'Corolla Cross', body: 'crossover', fuel: 'hybrid', basePrice: 27500, engine: '1.8L Hybrid', power: 138, transmission: 'cvt', drivetrain: 'FWD', variants: ['XLE', 'Hybrid S'], years: Y, features: ['Hybrid powertrain', 'Blind-spot monitor'] },
  { brand: 'Changan', model: 'CS35 Plus', body: 'crossover', fuel: 'petrol', basePrice: 16500, engine: '1.4T', power: 156, transmission: 'dct', drivetrain: 'FWD', variants: ['Luxury', 'Flagship'], years: Y, features: ['Voice control', 'Rear parking camera'] },
  { brand: 'Changan', model: 'CS55 Plus', body: 'suv', fuel: 'petrol', basePrice: 21000, engine: '1.5T', power: 178, transmission: 'dct', drivetrain: 'FWD', variants: ['Luxury', 'Flagship'], years: Y, features: ['Wireless charging', '360° camera'] },
  { brand: 'Changan', model: 'UNI-K', body: 'suv', fuel: 'petrol', basePrice: 32000, engine: '2.0T', power: 229, transmission: 'automatic', drivetrain: 'AWD', variants: ['Premium', 'Flagship'], years: Y, features: ['Adaptive cruise control', 'Ventilated seats'] },
  { brand: 'Kia', model: 'Sportage', body: 'suv', fuel: 'petrol', basePrice: 27000, engine: '2.0L', power: 154, transmission: 'automatic', drivetrain: 'FWD', variants: ['LX', 'EX', 'Hybrid'], years: Y, features: ['Apple CarPlay', 'Lane keeping assist'] },
  { brand: 'MG', model: 'ZS', body: 'crossover', fuel: 'petrol', basePrice: 16000, engine: '1.5L', power: 112, transmission: 'automatic', drivetrain: 'FWD', variants: ['Comfort', 'Luxury', 'EV'], years: Y, features: ['Touchscreen infotainment', 'Cruise control'] },
  { brand: 'MG', model: 'MG5', body: 'sedan', fuel: 'petrol', basePrice: 14000, engine: '1.5L', power: 112, transmission: 'cvt', drivetrain: 'FWD', variants: ['Comfort', 'Luxury'], years: Y, features: ['Keyless entry', 'Rear parking sensors'] },
  { brand: 'BYD', model: 'Atto 3', body: 'suv', fuel: 'electric', basePrice: 36000, engine: 'Electric motor', power: 201, transmission: 'single-speed', drivetrain: 'FWD', variants: ['Standard Range', 'Extended Range'], years: Y, features: ['Electric drive', 'Vehicle-to-load'] },
  { brand: 'BYD', model: 'Dolphin', body: 'hatchback', fuel: 'electric', basePrice: 25000, engine: 'Electric motor', power: 201, transmission: 'single-speed', drivetrain: 'FWD', variants: ['Dynamic', 'Premium'], years: Y, features: ['Electric drive', 'Rotating touchscreen'] },
  { brand: 'BYD', model: 'Seal', body: 'sedan', fuel: 'electric', basePrice: 45000, engine: 'Dual electric motors', power: 523, transmission: 'single-speed', drivetrain: 'AWD', variants: ['Dynamic', 'Performance'], years: Y, features: ['Electric drive', 'Head-up display'] },
  { brand: 'BYD', model: 'Song Plus', body: 'suv', fuel: 'plug-in-hybrid', basePrice: 33000, engine: '1.5L Plug-in Hybrid', power: 194, transmission: 'single-speed', drivetrain: 'FWD', variants: ['DM-i', 'EV'], years: Y, features: ['Plug-in hybrid powertrain', 'Panoramic sunroof'] },
  { brand: 'BYD', model: 'Han', body: 'sedan', fuel: 'electric', basePrice: 52000, engine: 'Dual electric motors', power: 510, transmission: 'single-speed', drivetrain: 'AWD', variants: ['EV', 'DM-i'], years: Y, features: ['Electric drive', 'Nappa leather'] },
  { brand: 'ROX', model: '01', body: 'suv', fuel: 'plug-in-hybrid', basePrice: 48000, engine: '1.5T Range Extender', power: 429, transmission: 'single-speed', drivetrain: 'AWD', variants: ['Max', 'Ultra'], years: Y, features: ['Range extender', 'Six seats'] },
];

