import { DATA_COLLECTION_CATALOGUE, evRangeKmOf, vinCheckDigit, type CatalogueBody as Body, type CatalogueEntry, type CatalogueFuel as Fuel, type VehicleInput } from '@autobest/domain';

/**
 * The catalogue shipped with the product: the home page's three featured cars, the spec's four sample
 * records, listings for the 24 brand/model entries of the data-collection catalogue (variants, years
 * 2023-2025), and the two cars of the home page's filter that catalogue lacks (Xpeng G6, BYD Seal U). Images are local illustrations: as the spec notes, they do not depict the actual vehicles.
 */

/** The cities seeded listings stand in, each with its country, in the order the large catalogue draws from. */
export const SEED_CITY_COUNTRIES: Readonly<Record<string, string>> = {
  Lagos: 'Nigeria', Abuja: 'Nigeria', 'Port Harcourt': 'Nigeria', Kano: 'Nigeria', Ibadan: 'Nigeria',
  Accra: 'Ghana', Kumasi: 'Ghana', Nairobi: 'Kenya', Mombasa: 'Kenya', Johannesburg: 'South Africa',
  'Cape Town': 'South Africa', 'Addis Ababa': 'Ethiopia', 'Dar es Salaam': 'Tanzania', Kampala: 'Uganda',
  Abidjan: "Côte d'Ivoire", Douala: 'Cameroon', Luanda: 'Angola',
};

/** The shipped catalogue's listings take these in turn. */
const CITIES = ['Lagos', 'Abuja', 'Port Harcourt', 'Accra', 'Nairobi', 'Johannesburg'].map((city) => ({ city, country: SEED_CITY_COUNTRIES[city]! }));

const CATEGORY: Record<Body, string> = { sedan: 'Sedan', suv: 'SUV', crossover: 'Crossover', pickup: 'Pickup Truck', hatchback: 'Hatchback' };
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function categoryOf(body: Body, fuel: Fuel): string {
  if (fuel === 'electric') return `Electric ${CATEGORY[body]}`;
  if (fuel === 'hybrid' || fuel === 'plug-in-hybrid') return `Hybrid ${CATEGORY[body]}`;
  return CATEGORY[body];
}

/**
 * Driving ranges on electricity as the data-collection records write them (evRange, WLTP where published; the
 * plug-in hybrids' electric-only range), by brand, model and variant. The listings take their km from this text.
 */
const EV_RANGES: Readonly<Record<string, string>> = {
  'BYD Atto 3 Standard Range': '345 km (WLTP)',
  'BYD Atto 3 Extended Range': '420 km (WLTP)',
  'BYD Dolphin Dynamic': '340 km (WLTP)',
  'BYD Dolphin Premium': '427 km (WLTP)',
  'BYD Seal Dynamic': '460 km (WLTP)',
  'BYD Seal Performance': '520 km (WLTP)',
  'BYD Song Plus DM-i': '110 km electric (NEDC)',
  'BYD Song Plus EV': '505 km (NEDC)',
  'BYD Han EV': '521 km (WLTP)',
  'BYD Han DM-i': '121 km electric (NEDC)',
  'ROX 01 Max': '215 km electric (CLTC)',
  'ROX 01 Ultra': '215 km electric (CLTC)',
  'Xpeng G6 Long Range': '570 km (WLTP)',
  'BYD Seal U DM-i Comfort': '80 km electric (WLTP)',
};

/** World manufacturer identifiers (the VIN's first three characters) of the makes we list. */
const WMI: Readonly<Record<string, string>> = { Chery: 'LVV', Haval: 'LGW', Toyota: 'JTD', Changan: 'LS5', Kia: 'KNA', MG: 'LSJ', BYD: 'LGX', ROX: 'LM8', Xpeng: 'LMV' };
/** The VIN's model-year character (position 10). */
const VIN_YEAR: Readonly<Record<number, string>> = { 2020: 'L', 2021: 'M', 2022: 'N', 2023: 'P', 2024: 'R', 2025: 'S' };
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** An illustrative VIN of the make's WMI, the model's descriptor and a serial, with its check digit computed. */
function illustrativeVin(brand: string, model: string, year: number, serial: number): string {
  let hash = 0;
  for (const character of model) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  const descriptor = Array.from({ length: 5 }, (_, position) => VIN_ALPHABET[(hash >>> (position * 5)) % VIN_ALPHABET.length]).join('');
  const draft = `${WMI[brand] ?? 'LXX'}${descriptor}0${VIN_YEAR[year] ?? 'S'}A${String(100_000 + serial).slice(-6)}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

const DAY_MS = 24 * 3_600_000;
/** A date `days` from now, YYYY-MM-DD: cars on the water and on order always arrive in the future. */
const daysFromNow = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Where the listing is and what staff quote for it: used cars are in our yards; of the new ones about half are in
 * stock locally, a third on a ship from China (arriving in 3 to 8 weeks) and the rest ordered from the factory (10 to
 * 16 weeks, no VIN yet). Two listings in three carry a quoted range and a reservation amount.
 */
function recordOf(brand: string, model: string, variant: string, year: number, price: number, currency: 'USD' | 'NGN', used: boolean, index: number) {
  const importStatus = used || index % 6 < 3 ? 'in-stock' : index % 6 < 5 ? 'in-transit' : 'on-order';
  const rangeText = EV_RANGES[`${brand} ${model} ${variant}`];
  // The spec's ₦5,000,000 reservation deposit; about the same in dollars at its fallback rate (₦1,540).
  const reservation = currency === 'NGN' ? 5_000_000 : 3_250;
  const round = currency === 'NGN' ? 50_000 : 50;
  return {
    trim: variant,
    vin: importStatus === 'on-order' ? '' : illustrativeVin(brand, model, year, index),
    importStatus,
    expectedArrival: importStatus === 'in-transit' ? daysFromNow(21 + (index % 6) * 7) : importStatus === 'on-order' ? daysFromNow(70 + (index % 7) * 7) : null,
    evRangeKm: rangeText ? evRangeKmOf(rangeText) : null,
    pricing:
      index % 3 === 2
        ? null
        : {
            min: price,
            max: Math.round((price * 1.06) / round) * round,
            currency,
            reservationAmount: reservation,
            note: importStatus === 'in-stock' ? 'Cleared and registered in its city; the top of the range adds the extended warranty.' : 'The top of the range adds the extended warranty; duties are estimated until the car lands.',
          },
  } as const;
}

const image = (body: Body, name: string, view: string, primary = false) => ({ url: `/vehicles/${body}.svg`, alt: `${name} (${view}, illustrative image)`, ...(primary ? { isPrimary: true } : {}) });

function listing(entry: CatalogueEntry, variant: string, year: number, index: number): VehicleInput {
  const name = `${entry.brand} ${entry.model}`;
  const yearDiscount = (2025 - year) * 0.08;
  const variantPremium = entry.variants.indexOf(variant) * 0.12;
  const price = Math.round((entry.basePrice * (1 - yearDiscount + variantPremium)) / 50) * 50;
  const used = year < 2025 && index % 3 === 0;
  return {
    id: slug(`${entry.brand}-${entry.model}-${variant}-${year}`),
    name,
    subtitle: `${variant} · ${year}`,
    description: `${year} ${name} ${variant}: ${entry.engine}, ${entry.power} HP, ${entry.drivetrain}. Imported and inspected by AutoBest Africa.`,
    price,
    currency: 'USD',
    images: [image(entry.body, name, 'front', true), image(entry.body, name, 'side'), image(entry.body, name, 'rear'), image(entry.body, name, 'interior'), image(entry.body, name, 'dashboard')],
    specifications: [
      { name: 'Engine', value: entry.engine, category: 'Performance' },
      { name: 'Power', value: `${entry.power} HP`, category: 'Performance' },
      { name: 'Transmission', value: entry.transmission.toUpperCase() === 'CVT' ? 'CVT' : entry.transmission.replace('-', ' '), category: 'Performance' },
      { name: 'Drivetrain', value: entry.drivetrain, category: 'Performance' },
      { name: 'Fuel', value: entry.fuel.replaceAll('-', ' '), category: 'Efficiency' },
    ],
    features: entry.features.map((feature) => ({ name: feature, description: '', category: 'Comfort' })),
    category: categoryOf(entry.body, entry.fuel),
    brand: entry.brand,
    model: entry.model,
    year,
    rating: Math.round((4 + ((index * 7) % 10) / 10) * 10) / 10,
    reviewCount: 12 + ((index * 37) % 240),
    inStock: index % 11 !== 0,
    isNew: !used,
    isFeatured: false,
    sourceUrl: '',
    condition: used ? 'used' : index % 7 === 0 ? 'certified' : 'new',
    fuelType: entry.fuel,
    bodyType: entry.body === 'pickup' ? 'pickup' : entry.body,
    transmission: entry.transmission,
    odometerKm: used ? 8000 + ((index * 4513) % 60000) : 0,
    location: CITIES[index % CITIES.length]!,
    ...recordOf(entry.brand, entry.model, variant, year, price, 'USD', used, index),
  };
}

/** The three featured cars of the home page's hero, priced in naira as the spec gives them. */
export const FEATURED_CARS: VehicleInput[] = [
  { make: 'Chery', model: 'Omoda 5', year: 2024, price: 42_850_000, body: 'crossover' as Body, fuel: 'petrol' as Fuel, engine: '1.5T', transmission: 'cvt' as const, power: 156, drivetrain: 'FWD' },
  { make: 'Toyota', model: 'Venza', year: 2024, price: 68_800_000, body: 'suv' as Body, fuel: 'hybrid' as Fuel, engine: 'Hybrid', transmission: 'cvt' as const, power: 218, drivetrain: 'AWD' },
  { make: 'Toyota', model: 'BZ4X 430 Air', year: 2025, price: 46_850_000, body: 'suv' as Body, fuel: 'electric' as Fuel, engine: 'Electric', transmission: 'single-speed' as const, power: 201, drivetrain: 'AWD' },
].map((car, index) => ({
  ...recordOf(car.make, car.model, '', car.year, car.price, 'NGN', false, index),
  trim: '',
  evRangeKm: car.fuel === 'electric' ? 450 : null,
  id: slug(`featured-${car.make}-${car.model}-${car.year}`),
  name: `${car.make} ${car.model}`,
  subtitle: `${car.year} · Featured`,
  description: `The ${car.year} ${car.make} ${car.model}: ${car.engine}, ${car.power} HP, ${car.drivetrain}.`,
  price: car.price,
  currency: 'NGN',
  images: [image(car.body, `${car.make} ${car.model}`, 'front', true), image(car.body, `${car.make} ${car.model}`, 'side'), image(car.body, `${car.make} ${car.model}`, 'rear'), image(car.body, `${car.make} ${car.model}`, 'interior'), image(car.body, `${car.make} ${car.model}`, 'dashboard')],
  specifications: [
    { name: 'Engine', value: car.engine, category: 'Performance' },
    { name: 'Transmission', value: car.transmission === 'cvt' ? (car.engine === 'Hybrid' ? 'E-CVT' : 'CVT') : 'Single speed', category: 'Performance' },
    { name: 'Power', value: `${car.power} HP`, category: 'Performance' },
    { name: 'Drivetrain', value: car.drivetrain, category: 'Performance' },
  ],
  features: car.fuel === 'electric' ? [{ name: 'Electric drive', description: '', category: 'Powertrain' }] : car.fuel === 'hybrid' ? [{ name: 'Hybrid powertrain', description: '', category: 'Powertrain' }] : [],
  category: categoryOf(car.body, car.fuel),
  brand: car.make,
  model: car.model,
  year: car.year,
  rating: 4.8,
  reviewCount: 120,
  isFeatured: true,
  condition: 'new' as const,
  fuelType: car.fuel,
  bodyType: car.body,
  transmission: car.transmission,
  location: { city: 'Lagos', country: 'Nigeria' },
}));

/** The spec's four embedded sample records (USD 35,000, 22,000, 45,000, 18,500; Electric or SUV). */
export const SAMPLE_VEHICLES: VehicleInput[] = [
  { id: 'sample-byd-atto-3-2024', name: 'BYD Atto 3', brand: 'BYD', model: 'Atto 3', variant: 'Extended Range', price: 35000, category: 'Electric', body: 'suv' as Body, fuel: 'electric' as Fuel },
  { id: 'sample-chery-tiggo-4-pro-2024', name: 'Chery Tiggo 4 Pro', brand: 'Chery', model: 'Tiggo 4 Pro', variant: 'Comfort', price: 22000, category: 'SUV', body: 'suv' as Body, fuel: 'petrol' as Fuel },
  { id: 'sample-byd-seal-2024', name: 'BYD Seal', brand: 'BYD', model: 'Seal', variant: 'Performance', price: 45000, category: 'Electric', body: 'sedan' as Body, fuel: 'electric' as Fuel },
  { id: 'sample-changan-cs35-plus-2024', name: 'Changan CS35 Plus', brand: 'Changan', model: 'CS35 Plus', variant: 'Luxury', price: 18500, category: 'SUV', body: 'crossover' as Body, fuel: 'petrol' as Fuel },
].map((sample, index) => ({
  ...recordOf(sample.brand, sample.model, sample.variant, 2024, sample.price, 'USD', false, index),
  id: sample.id,
  name: sample.name,
  subtitle: '2024 · Sample listing',
  price: sample.price,
  images: [image(sample.body, sample.name, 'front', true)],
  specifications: [{ name: 'Fuel', value: sample.fuel, category: 'Efficiency' }],
  features: sample.fuel === 'electric' ? [{ name: 'Electric drive', description: '', category: 'Powertrain' }] : [],
  category: sample.category,
  brand: sample.brand,
  model: sample.model,
  year: 2024,
  rating: 4.5,
  reviewCount: 40,
  fuelType: sample.fuel,
  bodyType: sample.body,
}));

/**
 * Cars the home page's Premium Vehicles filter offers (spec: make Xpeng, model Seal U) that the data-collection
 * catalogue does not carry, so that every option of that filter finds a car.
 */
const HOME_FILTER_ENTRIES: CatalogueEntry[] = [
  { brand: 'Xpeng', model: 'G6', body: 'suv', fuel: 'electric', basePrice: 41000, engine: 'Electric motor', power: 296, transmission: 'single-speed', drivetrain: 'RWD', variants: ['Long Range'], years: [2025], features: ['Electric drive', 'Driver assistance (XPILOT)'] },
  { brand: 'BYD', model: 'Seal U', body: 'suv', fuel: 'plug-in-hybrid', basePrice: 38000, engine: '1.5L Plug-in Hybrid', power: 215, transmission: 'single-speed', drivetrain: 'FWD', variants: ['DM-i Comfort'], years: [2025], features: ['Plug-in hybrid powertrain', 'Panoramic sunroof'] },
];

export function catalogueListings(): VehicleInput[] {
  let index = 0;
  const listings: VehicleInput[] = [];
  for (const entry of DATA_COLLECTION_CATALOGUE) {
    for (const variant of entry.variants) {
      for (const year of entry.years) listings.push(listing(entry, variant, year, index++));
    }
  }
  const homeFilterCars = HOME_FILTER_ENTRIES.map((entry, position) => listing(entry, entry.variants[0]!, entry.years[0]!, position + 1));
  return [...FEATURED_CARS, ...SAMPLE_VEHICLES, ...listings, ...homeFilterCars];
}
