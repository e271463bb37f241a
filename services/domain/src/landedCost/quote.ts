import { applyRate, convert, fromMajor, rateOf, type Money, type Rates } from '../money/money';
import { monthlyPayment } from '../money/finance';
import type { PriceCurrency } from '../money/currencies';
import type { DestinationCharge, FreightRate, RateRule, TariffVersion } from './tariff';
import type { VehicleClass, VehicleSize } from './kinds';

/**
 * What a buyer pays to land a car in their country (issue 18): FOB, freight, marine insurance, CIF, then each duty and
 * levy of the country's tariff on its base, then the destination city's clearing, port and delivery charges.
 *
 * Every amount is in minor units of the quote's currency. FOB and freight are converted from US dollars first (at the
 * rate snapshot the quote records), so customs' arithmetic is done on the amounts the buyer sees, and every line with
 * a rate is `applyRate(base, rate)`: base × rate rounded half-even (banker's rounding) to a minor unit, once, where
 * it is computed. Sums are exact (integers).
 */

/** What the calculation needs to know about a vehicle, and where each fact came from. */
export interface VehicleFacts {
  vehicleId: string;
  /** FOB at the port of origin, in US cents. */
  fobUsdCents: number;
  /** `collected`: the data-collection record's FOB price; `listing`: the listed price, taken as FOB (no record). */
  fobSource: 'collected' | 'listing';
  vehicleClass: VehicleClass;
  vehicleSize: VehicleSize;
  /** Displacement in cc; null when the record names none. */
  engineCc: number | null;
  electric: boolean;
  /** The listed price, what a car in stock locally sells for. */
  listed: Money;
  inStock: boolean;
  /** The country's ISO code when the vehicle stands in one of the quote countries, else null. */
  locatedIn: string | null;
  city: string;
}

export interface QuoteRates {
  source: string;
  timestamp: string;
  rates: Rates;
}

export interface FinanceAssumptions {
  aprPercent: number;
  termMonths: number;
  depositShare: number;
}

export interface QuoteInput {
  vehicle: VehicleFacts;
  currency: PriceCurrency;
  tariff: TariffVersion;
  freight: FreightRate;
  charges: DestinationCharge;
  rates: QuoteRates;
  finance: FinanceAssumptions;
  /** Staff previewing a tariff on a vehicle: its import lines, even for a car in stock in that country. */
  asImport?: boolean;
}

export interface QuoteLine {
  key: string;
  label: string;
  /** Present with `rate`: amountMinor = applyRate(baseMinor, rate). */
  baseMinor?: number;
  rate?: number;
  /** The amounts the base adds up (line keys), to explain it. */
  baseTerms?: string[];
  amountMinor: number;
  source?: string;
  sourceDate?: string;
  notes?: string;
  /** What the calculation assumed for this line (a missing engine size, say). */
  assumption?: string;
}

export interface Quote {
  vehicleId: string;
  country: string;
  city: string;
  currency: PriceCurrency;
  lines: QuoteLine[];
  totalMinor: number;
  tariff: { id: string; version: number; effectiveDate: string; source: string };
  rates: { source: string; timestamp: string; perUsd: number };
  finance: { aprPercent: number; termMonths: number; depositMinor: number; monthlyMinor: number };
  /**
   * A car in stock in the buyer's country sells at its local price, duties already paid: its one line, and the total,
   * are that price (in `city`, where it stands).
   */
  localStock: { city: string; priceMinor: number } | null;
  assumptions: string[];
}

/** The rate a rule gives this vehicle, and what it had to assume. */
export function rateFor(rule: RateRule, vehicle: Pick<VehicleFacts, 'vehicleClass' | 'engineCc' | 'electric'>): { rate: number; assumption?: string } {
  switch (rule.kind) {
    case 'flat':
      return { rate: rule.rate };
    case 'byVehicleClass':
      return { rate: rule.rates[vehicle.vehicleClass] };
    case 'byEngineCc': {
      if (vehicle.electric) return { rate: rule.electric };
      if (vehicle.engineCc === null) {
        // Assumption: an unknown engine size takes the highest band, so an estimate never comes out below the assessment.
        return { rate: rule.bands.at(-1)!.rate, assumption: 'Engine size unknown: the highest band is assumed' };
      }
      const band = rule.bands.find((candidate) => candidate.upToCc === null || vehicle.engineCc! <= candidate.upToCc);
      return { rate: band!.rate };
    }
  }
}

const inCurrency = (money: Money, currency: PriceCurrency, rates: Rates) => convert(money, currency, rates).amountMinor;

export function computeQuote({ vehicle, currency, tariff, freight, charges, rates, finance, asImport = false }: QuoteInput): Quote {
  /** The quote of `lines` (their total, without the CIF subtotal), financed as configured. */
  const quoteOf = (lines: QuoteLine[], assumptions: string[], localStock: Quote['localStock']): Quote => {
    const totalMinor = lines.filter((line) => line.key !== 'cif').reduce((sum, line) => sum + line.amountMinor, 0);
    const depositMinor = applyRate(totalMinor, finance.depositShare);
    return {
      vehicleId: vehicle.vehicleId,
      country: tariff.country,
      city: charges.city,
      currency,
      lines,
      totalMinor,
      tariff: { id: tariff.id, version: tariff.version, effectiveDate: tariff.effectiveDate, source: tariff.source },
      rates: { source: rates.source, timestamp: rates.timestamp, perUsd: rateOf(currency, rates.rates) },
      finance: { aprPercent: finance.aprPercent, termMonths: finance.termMonths, depositMinor, monthlyMinor: monthlyPayment({ priceMinor: totalMinor, depositMinor, aprPercent: finance.aprPercent, termMonths: finance.termMonths }) },
      localStock,
      assumptions,
    };
  };
  // A car in stock in the buyer's country sells at its listed price, duties, clearing and paperwork paid: an import's
  // lines on top of it would count them twice (its listed price taken as FOB, the total came to about twice the price).
  if (!asImport && vehicle.inStock && vehicle.locatedIn === tariff.country) {
    const priceMinor = inCurrency(vehicle.listed, currency, rates.rates);
    return quoteOf([{ key: 'localPrice', label: `Price in ${vehicle.city}, import duties, clearing and registration paid`, amountMinor: priceMinor }], [], { city: vehicle.city, priceMinor });
  }

  const amounts = new Map<string, number>();
  const lines: QuoteLine[] = [];
  const assumptions: string[] = [];
  const add = (line: QuoteLine) => {
    lines.push(line);
    amounts.set(line.key, line.amountMinor);
  };
  const sumOf = (terms: readonly string[]) => terms.reduce((sum, term) => sum + (amounts.get(term) ?? 0), 0);

  if (vehicle.fobSource === 'listing') assumptions.push('No data-collection FOB price for this vehicle: its listed price is taken as FOB');
  add({ key: 'fob', label: `FOB price (free on board, ${freight.originPort})`, amountMinor: inCurrency({ amountMinor: vehicle.fobUsdCents, currency: 'USD' }, currency, rates.rates) });
  add({
    key: 'freight',
    label: `Ocean freight ${freight.originPort} → ${freight.destinationPort}`,
    amountMinor: inCurrency(fromMajor(freight.freightUsd, 'USD'), currency, rates.rates),
    source: freight.source,
    ...(freight.notes ? { notes: freight.notes } : {}),
  });
  const insuranceBase = sumOf(['fob', 'freight']);
  add({ key: 'insurance', label: 'Marine insurance', baseMinor: insuranceBase, baseTerms: ['fob', 'freight'], rate: freight.insuranceRate, amountMinor: applyRate(insuranceBase, freight.insuranceRate), source: freight.source });
  add({ key: 'cif', label: 'CIF value (cost, insurance and freight)', amountMinor: sumOf(['fob', 'freight', 'insurance']) });

  for (const tariffLine of tariff.lines) {
    const base = sumOf(tariffLine.base);
    const { rate, assumption } = rateFor(tariffLine.rate, vehicle);
    if (assumption) assumptions.push(`${tariffLine.label}: ${assumption}`);
    add({
      key: tariffLine.key,
      label: tariffLine.label,
      baseMinor: base,
      baseTerms: tariffLine.base,
      rate,
      amountMinor: applyRate(base, rate),
      source: tariffLine.source,
      sourceDate: tariffLine.sourceDate,
      ...(tariffLine.notes ? { notes: tariffLine.notes } : {}),
      ...(assumption ? { assumption } : {}),
    });
  }

  const chargeSource = { source: charges.source, ...(charges.notes ? { notes: charges.notes } : {}) };
  const charge = (major: number) => inCurrency(fromMajor(major, charges.currency), currency, rates.rates);
  add({ key: 'clearing', label: `Clearing agent (${charges.city})`, amountMinor: charge(charges.clearing), ...chargeSource });
  add({ key: 'port', label: `Port and terminal charges (${freight.destinationPort})`, amountMinor: charge(charges.port), ...chargeSource });
  add({ key: 'delivery', label: `Delivery to ${charges.city}`, amountMinor: charge(charges.delivery), ...chargeSource });

  return quoteOf(lines, assumptions, null);
}
