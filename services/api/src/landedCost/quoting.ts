import type { Selectable } from 'kysely';
import type { Db, DestinationChargesTable, FreightRatesTable, TariffVersionsTable, VehiclesTable } from '@autobest/db';
import {
  CollectedRecordSchema,
  computeQuote,
  COUNTRY_CURRENCY,
  DEFAULT_ORIGIN_PORT,
  DATA_COLLECTION_CATALOGUE,
  engineCcOf,
  fromMajor,
  QUOTE_COUNTRIES,
  variantIdOf,
  vehicleClassOf,
  vehicleSizeOf,
  versionInForce,
  type DestinationCharge,
  type FreightRate,
  type PriceCurrency,
  type Quote,
  type TariffVersion,
  type VehicleFacts,
} from '@autobest/domain';
import { HttpError, notFound } from '../http/errors';
import { TtlCache } from '../process/ttlCache';
import { listedPrice } from '../inventory/vehicleSummary';
import type { CatalogueRates } from '../inventory/ratesRoutes';

/** Tariffs, freight and charges as the quote reads them: all of them, small tables kept in memory. */
export interface LandedCostTables {
  tariffs: TariffVersion[];
  freight: Array<FreightRate & { id: string }>;
  charges: Array<DestinationCharge & { id: string }>;
}

export const toTariffVersion = (row: Selectable<TariffVersionsTable>): TariffVersion => ({
  id: row.id,
  country: row.country,
  version: row.version,
  effectiveDate: row.effective_date,
  source: row.source,
  notes: row.notes,
  lines: row.lines,
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by,
});
export const toFreightRate = (row: Selectable<FreightRatesTable>): FreightRate & { id: string } => ({
  id: row.id,
  originPort: row.origin_port,
  destinationPort: row.destination_port,
  country: row.country,
  vehicleSize: row.vehicle_size,
  freightUsd: Number(row.freight_usd),
  insuranceRate: Number(row.insurance_rate),
  source: row.source,
  notes: row.notes,
});
export const toDestinationCharge = (row: Selectable<DestinationChargesTable>): DestinationCharge & { id: string } => ({
  id: row.id,
  country: row.country,
  city: row.city,
  currency: row.currency as PriceCurrency,
  clearing: Number(row.clearing),
  port: Number(row.port),
  delivery: Number(row.delivery),
  source: row.source,
  notes: row.notes,
});

/** The finance terms a quote's monthly figure uses. */
export interface FinanceSettings {
  aprPercent: number;
  termMonths: number;
  depositShare: number;
}

/**
 * The tables every quote reads, from memory: loaded once, forgotten when staff change one (`changed`) and after 30
 * seconds (another API process may have changed them). The facts of each vehicle quoted are kept as long. A quote then
 * costs arithmetic, or two indexed reads (the vehicle, its collected record) the first time, well inside the 20 ms
 * the vehicle page allows. Measured on bench:quote against reading both every time (two runs each, interleaved; 30
 * November): 16,309 and 16,973 quotes a second from 20 clients against 1,567 and 1,540, p99 5 ms against 43-47 (over
 * the 20 ms), and 5,190 and 4,838 against 1,020 and 809 for one visitor at a time.
 */
export function landedCostTables(db: Db, finance: FinanceSettings) {
  const cache = new TtlCache<LandedCostTables>(30_000, 1);
  // What a quote needs of a vehicle changes when staff edit it; a quote may be that much older, like the rates.
  const vehicles = new TtlCache<VehicleFacts & { name: string }>(30_000, 5000);
  return {
    /** The installation's finance terms (FINANCE_APR_PERCENT, FINANCE_TERM_MONTHS): the same as the cards and the calculator. */
    finance,
    vehicleFacts: (vehicleId: string) => vehicles.remember(vehicleId, () => vehicleFactsOf(db, vehicleId)),
    load: () =>
      cache.remember('tables', async () => {
        const [tariffs, freight, charges] = await Promise.all([
          db.selectFrom('tariff_versions').selectAll().execute(),
          db.selectFrom('freight_rates').selectAll().execute(),
          db.selectFrom('destination_charges').selectAll().execute(),
        ]);
        return { tariffs: tariffs.map(toTariffVersion), freight: freight.map(toFreightRate), charges: charges.map(toDestinationCharge) };
      }),
    changed: () => {
      cache.clear();
      vehicles.clear();
    },
  };
}
export type LandedCostTableCache = ReturnType<typeof landedCostTables>;

const badField = (field: string, message: string) => new HttpError(400, 'validation_failed', message, { [field]: message });

/**
 * The data-collection variant a listing is: same brand, model and year, and a variant the listing's id or subtitle
 * names (the shipped listings are `brand-model-variant-year` with the subtitle "Variant · Year"). Null for any other.
 */
export function collectedVariantIdOf(vehicle: Pick<Selectable<VehiclesTable>, 'id' | 'brand' | 'model' | 'year' | 'subtitle'>): string | null {
  const entry = DATA_COLLECTION_CATALOGUE.find((candidate) => candidate.brand.toLowerCase() === vehicle.brand.toLowerCase() && candidate.model.toLowerCase() === vehicle.model.toLowerCase());
  if (!entry || !entry.years.includes(vehicle.year)) return null;
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const variant = entry.variants.find(
    (candidate) => slug(`${entry.brand}-${entry.model}-${candidate}-${vehicle.year}`) === vehicle.id || vehicle.subtitle.toLowerCase().startsWith(`${candidate.toLowerCase()} ·`),
  );
  return variant ? variantIdOf(entry.brand, entry.model, variant, vehicle.year) : null;
}

/**
 * What the calculation knows of a vehicle. Assumptions, stated where they are made: the FOB price is the
 * data-collection record's when the listing has one, else the listed price (in USD); the engine size is the record's
 * displacement, else the "Engine" specification; the customs class and freight size follow the body type
 * (vehicleClassOf, vehicleSizeOf).
 */
export async function vehicleFactsOf(db: Db, vehicleId: string): Promise<VehicleFacts & { name: string }> {
  const row = await db
    .selectFrom('vehicles')
    .select(['id', 'name', 'brand', 'model', 'year', 'subtitle', 'price_minor', 'price_currency', 'price_usd_cents', 'specifications', 'fuel_type', 'body_type', 'in_stock', 'city', 'country'])
    .where('id', '=', vehicleId)
    .executeTakeFirst();
  if (!row) throw notFound('Vehicle');
  // A listing published from data collection has the variant's id; a shipped listing names its variant.
  const variantIds = [...new Set([row.id, collectedVariantIdOf(row) ?? row.id])];
  const collectedRow = await db.selectFrom('collected_records').select('record').where('variant_id', 'in', variantIds).limit(1).executeTakeFirst();
  const collected = collectedRow ? CollectedRecordSchema.safeParse(collectedRow.record) : undefined;
  const record = collected?.success ? collected.data : null;
  const collectedFob = record?.fobPriceUSD && record.fobPriceUSD > 0 ? fromMajor(record.fobPriceUSD, 'USD').amountMinor : null;
  const engineSpec = row.specifications.find((specification) => specification.name.toLowerCase() === 'engine')?.value;
  const electric = row.fuel_type === 'electric';
  return {
    vehicleId: row.id,
    name: row.name,
    fobUsdCents: collectedFob ?? Number(row.price_usd_cents),
    fobSource: collectedFob ? 'collected' : 'listing',
    vehicleClass: vehicleClassOf(row.body_type),
    vehicleSize: vehicleSizeOf(row.body_type),
    engineCc: electric ? null : (engineCcOf(record?.displacement) ?? engineCcOf(engineSpec)),
    electric,
    listed: listedPrice(row),
    inStock: row.in_stock,
    locatedIn: QUOTE_COUNTRIES.find((country) => country.name.toLowerCase() === row.country.toLowerCase())?.code ?? null,
    city: row.city,
  };
}

export interface QuoteRequest {
  country: string;
  currency?: PriceCurrency | undefined;
  city?: string | undefined;
}

/** Computes a vehicle's quote with the tariff in force today (or the one given, for staff's preview). */
export async function quoteVehicle(
  tables: LandedCostTableCache,
  rates: CatalogueRates,
  vehicleId: string,
  { country, currency, city }: QuoteRequest,
  tariffVersionId?: string,
): Promise<{ quote: Quote; vehicleName: string; rates: Awaited<ReturnType<CatalogueRates>> }> {
  const [vehicle, data, snapshot] = await Promise.all([tables.vehicleFacts(vehicleId), tables.load(), rates()]);
  const countryTariffs = data.tariffs.filter((tariff) => tariff.country === country);
  const tariff = tariffVersionId ? countryTariffs.find((candidate) => candidate.id === tariffVersionId) : versionInForce(countryTariffs, new Date().toISOString().slice(0, 10));
  if (!tariff) {
    const known = [...new Set(data.tariffs.map((candidate) => candidate.country))].sort();
    throw badField('country', `No tariff in force for ${country}; quotes are given for ${known.join(', ')}`);
  }
  const freight =
    data.freight.find((rate) => rate.country === country && rate.originPort === DEFAULT_ORIGIN_PORT && rate.vehicleSize === vehicle.vehicleSize) ??
    data.freight.find((rate) => rate.country === country && rate.vehicleSize === vehicle.vehicleSize);
  if (!freight) throw badField('country', `No freight rate to ${country} for a ${vehicle.vehicleSize} vehicle`);
  const countryCharges = data.charges.filter((charge) => charge.country === country);
  const wantedCity = city ?? QUOTE_COUNTRIES.find((candidate) => candidate.code === country)?.defaultCity;
  const charges = countryCharges.find((charge) => charge.city.toLowerCase() === wantedCity?.toLowerCase()) ?? (city ? undefined : countryCharges[0]);
  if (!charges) {
    throw badField('city', countryCharges.length ? `city must be one of: ${countryCharges.map((charge) => charge.city).join(', ')}` : `No destination charges for ${country}`);
  }
  const quote = computeQuote({
    vehicle,
    currency: currency ?? COUNTRY_CURRENCY[country] ?? 'USD',
    tariff,
    freight,
    charges,
    rates: { source: snapshot.source, timestamp: snapshot.timestamp, rates: snapshot.rates },
    finance: { aprPercent: tables.finance.aprPercent, termMonths: tables.finance.termMonths, depositShare: tables.finance.depositShare },
    // A tariff version named: staff previewing it want its lines, whatever the car.
    asImport: tariffVersionId !== undefined,
  });
  return { quote, vehicleName: vehicle.name, rates: snapshot };
}
