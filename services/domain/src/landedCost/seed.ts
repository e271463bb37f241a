import type { DestinationCharge, FreightRate, TariffVersionInput } from './tariff';
import { DEFAULT_ORIGIN_PORT, QUOTE_COUNTRIES, VEHICLE_SIZES } from './kinds';

/**
 * The tariffs, freight and charges the product ships with, from the published rules as we read them on the dates
 * given. Where a figure's source is uncertain the line's notes say so: staff must check it against the authority's
 * current schedule before relying on it, and change it in the console (a new version; old quotes keep theirs).
 */

const CHECK = 'Seeded from the published rule as read on the source date; staff must check it against the current schedule.';

const NCS = 'Nigeria Customs Service, Common External Tariff 2022-2026 and its duty computation (customs.gov.ng)';
const NIGERIA: TariffVersionInput = {
  country: 'NG',
  effectiveDate: '2024-01-01',
  source: NCS,
  notes: 'Fully built vehicles: import duty and the automotive levy on CIF, the 7% surcharge on the duty, ETLS 0.5% of CIF, CISS 1% of FOB, VAT 7.5% on CIF + duty + surcharge + CISS + ETLS.',
  lines: [
    {
      key: 'duty',
      label: 'Import duty',
      base: ['cif'],
      rate: { kind: 'byVehicleClass', rates: { passenger: 0.35, goods: 0.35 } },
      source: `${NCS}, HS 8703 (passenger) and 8704 (goods)`,
      sourceDate: '2023-01-01',
      notes: `35% of CIF for fully built passenger cars. The goods-vehicle (pickup, truck, van) rate is the least certain figure here. ${CHECK}`,
    },
    {
      key: 'levy',
      label: 'Automotive levy',
      base: ['cif'],
      rate: { kind: 'byVehicleClass', rates: { passenger: 0.35, goods: 0 } },
      source: 'National Automotive Industry Development Plan levy on fully built vehicles (NAIDP 2013, NADDC)',
      sourceDate: '2023-01-01',
      notes: `35% of CIF on passenger cars; none assumed on goods vehicles. ${CHECK}`,
    },
    { key: 'surcharge', label: 'Surcharge (7% of the duty)', base: ['duty'], rate: { kind: 'flat', rate: 0.07 }, source: NCS, sourceDate: '2023-01-01', notes: '' },
    { key: 'etls', label: 'ECOWAS trade liberalisation levy (ETLS)', base: ['cif'], rate: { kind: 'flat', rate: 0.005 }, source: `${NCS}; ECOWAS Protocol A/P1/7/96`, sourceDate: '2023-01-01', notes: '' },
    {
      key: 'ciss',
      label: 'Comprehensive Import Supervision Scheme fee (CISS)',
      base: ['fob'],
      rate: { kind: 'flat', rate: 0.01 },
      source: NCS,
      sourceDate: '2023-01-01',
      notes: `1% of FOB. A 4% FOB levy was announced in 2024 to replace it and then suspended. ${CHECK}`,
    },
    {
      key: 'vat',
      label: 'VAT (7.5%)',
      base: ['cif', 'duty', 'surcharge', 'ciss', 'etls'],
      rate: { kind: 'flat', rate: 0.075 },
      source: 'Finance Act 2019 (VAT 7.5% from 1 February 2020); Nigeria Customs Service duty computation',
      sourceDate: '2020-02-01',
      notes: '',
    },
  ],
};

const GRA = 'Ghana Revenue Authority, Customs: import duty and taxes on vehicles (gra.gov.gh)';
const GHANA: TariffVersionInput = {
  country: 'GH',
  effectiveDate: '2024-01-01',
  source: GRA,
  notes: 'Duty by engine size on CIF; ECOWAS, AU, EXIM and special import levies on CIF; NHIL, GETFund and COVID-19 levies on CIF + duty; VAT 15% on CIF + duty + those three levies.',
  lines: [
    {
      key: 'duty',
      label: 'Import duty (by engine size)',
      base: ['cif'],
      rate: {
        kind: 'byEngineCc',
        bands: [
          { upToCc: 1900, rate: 0.05 },
          { upToCc: 3000, rate: 0.1 },
          { upToCc: null, rate: 0.2 },
        ],
        electric: 0.05,
      },
      source: `${GRA}, HS 8703`,
      sourceDate: '2023-01-01',
      notes: `5% up to 1,900 cc, 10% up to 3,000 cc, 20% above. The rate for battery-electric cars is the least certain figure here. ${CHECK}`,
    },
    { key: 'ecowas', label: 'ECOWAS levy', base: ['cif'], rate: { kind: 'flat', rate: 0.005 }, source: GRA, sourceDate: '2023-01-01', notes: '' },
    { key: 'auLevy', label: 'African Union import levy', base: ['cif'], rate: { kind: 'flat', rate: 0.002 }, source: GRA, sourceDate: '2023-01-01', notes: '' },
    { key: 'exim', label: 'EXIM levy', base: ['cif'], rate: { kind: 'flat', rate: 0.0075 }, source: GRA, sourceDate: '2023-01-01', notes: CHECK },
    { key: 'specialImport', label: 'Special import levy', base: ['cif'], rate: { kind: 'flat', rate: 0.02 }, source: GRA, sourceDate: '2023-01-01', notes: CHECK },
    { key: 'nhil', label: 'National Health Insurance Levy (NHIL)', base: ['cif', 'duty'], rate: { kind: 'flat', rate: 0.025 }, source: GRA, sourceDate: '2023-01-01', notes: '' },
    { key: 'getfund', label: 'GETFund levy', base: ['cif', 'duty'], rate: { kind: 'flat', rate: 0.025 }, source: GRA, sourceDate: '2023-01-01', notes: '' },
    { key: 'covid', label: 'COVID-19 health recovery levy', base: ['cif', 'duty'], rate: { kind: 'flat', rate: 0.01 }, source: GRA, sourceDate: '2023-01-01', notes: CHECK },
    { key: 'vat', label: 'VAT (15%)', base: ['cif', 'duty', 'nhil', 'getfund', 'covid'], rate: { kind: 'flat', rate: 0.15 }, source: 'Value Added Tax (Amendment) Act 2022 (Act 1082), GRA', sourceDate: '2023-01-01', notes: CHECK },
  ],
};

const KRA = 'Kenya Revenue Authority, motor vehicle import taxes (kra.go.ke)';
const KENYA: TariffVersionInput = {
  country: 'KE',
  effectiveDate: '2024-01-01',
  source: KRA,
  notes: 'Import duty on CIF; excise by engine size on CIF + duty; VAT 16% on CIF + duty + excise; IDF 2.5% and RDL 2% of CIF (Finance Act 2023).',
  lines: [
    { key: 'duty', label: 'Import duty', base: ['cif'], rate: { kind: 'flat', rate: 0.25 }, source: `${KRA}; EAC Common External Tariff, HS 8703`, sourceDate: '2023-07-01', notes: `25% of CIF as KRA's calculator applies it; the EAC CET review of 2022 may set 35%. ${CHECK}` },
    {
      key: 'excise',
      label: 'Excise duty (by engine size)',
      base: ['cif', 'duty'],
      rate: {
        kind: 'byEngineCc',
        bands: [
          { upToCc: 1500, rate: 0.2 },
          { upToCc: 3000, rate: 0.25 },
          { upToCc: null, rate: 0.35 },
        ],
        electric: 0.1,
      },
      source: 'Excise Duty Act 2015, First Schedule (as amended); KRA',
      sourceDate: '2023-07-01',
      notes: `20% up to 1,500 cc, 25% up to 3,000 cc, 35% above (diesel above 2,500 cc is 35% too); 10% for electric cars. ${CHECK}`,
    },
    { key: 'vat', label: 'VAT (16%)', base: ['cif', 'duty', 'excise'], rate: { kind: 'flat', rate: 0.16 }, source: 'Value Added Tax Act 2013; KRA', sourceDate: '2023-07-01', notes: '' },
    { key: 'idf', label: 'Import declaration fee (IDF)', base: ['cif'], rate: { kind: 'flat', rate: 0.025 }, source: 'Finance Act 2023; KRA', sourceDate: '2023-07-01', notes: '' },
    { key: 'rdl', label: 'Railway development levy (RDL)', base: ['cif'], rate: { kind: 'flat', rate: 0.02 }, source: 'Finance Act 2023; KRA', sourceDate: '2023-07-01', notes: '' },
  ],
};

export const SEED_TARIFFS: readonly TariffVersionInput[] = [NIGERIA, GHANA, KENYA];

const FREIGHT_SOURCE = 'AutoBest estimate from 2024 roll-on/roll-off quotes for one vehicle; staff must check with the shipping line';
/** Ocean freight per vehicle in USD, by destination and size (small, medium, large). */
const FREIGHT_USD: Record<(typeof QUOTE_COUNTRIES)[number]['code'], readonly [number, number, number]> = { NG: [1800, 2200, 2800], GH: [1700, 2100, 2700], KE: [1500, 1900, 2400] };

export const SEED_FREIGHT: readonly FreightRate[] = QUOTE_COUNTRIES.flatMap((country) =>
  VEHICLE_SIZES.map((vehicleSize, index) => ({
    originPort: DEFAULT_ORIGIN_PORT,
    destinationPort: country.port,
    country: country.code,
    vehicleSize,
    freightUsd: FREIGHT_USD[country.code][index]!,
    // Marine insurance is commonly quoted at 1.5% (Nigerian practice); the cover is on FOB + freight.
    insuranceRate: 0.015,
    source: FREIGHT_SOURCE,
    notes: '',
  })),
);

const CHARGES_SOURCE = 'AutoBest estimate from 2024 clearing agents\u2019 quotes; staff must check';
const charge = (country: string, city: string, currency: DestinationCharge['currency'], clearing: number, port: number, delivery: number): DestinationCharge => ({ country, city, currency, clearing, port, delivery, source: CHARGES_SOURCE, notes: '' });

export const SEED_DESTINATION_CHARGES: readonly DestinationCharge[] = [
  charge('NG', 'Lagos', 'NGN', 450_000, 350_000, 50_000),
  charge('NG', 'Abuja', 'NGN', 450_000, 350_000, 350_000),
  charge('NG', 'Port Harcourt', 'NGN', 450_000, 350_000, 250_000),
  charge('GH', 'Accra', 'GHS', 6_000, 4_500, 800),
  charge('GH', 'Kumasi', 'GHS', 6_000, 4_500, 3_500),
  charge('KE', 'Nairobi', 'KES', 60_000, 45_000, 55_000),
  charge('KE', 'Mombasa', 'KES', 60_000, 45_000, 10_000),
];
