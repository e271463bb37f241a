import { describe, expect, it } from 'vitest';
import {
  computeQuote,
  DEFAULT_APR_PERCENT,
  DEFAULT_DEPOSIT_SHARE,
  DEFAULT_FINANCE_TERM_MONTHS,
  engineCcOf,
  roundHalfEven,
  SEED_DESTINATION_CHARGES,
  SEED_FREIGHT,
  SEED_TARIFFS,
  TariffLinesSchema,
  TariffVersionInputSchema,
  toQuoteAnswer,
  versionInForce,
  type QuoteInput,
  type TariffVersion,
  type VehicleFacts,
} from '../src/index';

const tariffOf = (country: string, version = 1): TariffVersion => ({
  ...TariffVersionInputSchema.parse(SEED_TARIFFS.find((tariff) => tariff.country === country)),
  id: `tariff-${country}-${version}`,
  version,
  createdAt: '2024-01-01T00:00:00.000Z',
  createdBy: null,
});

const car: VehicleFacts = {
  vehicleId: 'chery-tiggo-7-pro-luxury-2025',
  fobUsdCents: 2_000_000,
  fobSource: 'collected',
  vehicleClass: 'passenger',
  vehicleSize: 'medium',
  engineCc: 1500,
  electric: false,
  listed: { amountMinor: 2_450_000, currency: 'USD' },
  inStock: true,
  locatedIn: null,
  city: 'Shanghai',
};

function nigerianQuote(vehicle: VehicleFacts = car, asImport = false): ReturnType<typeof computeQuote> {
  const input: QuoteInput = {
    asImport,
    vehicle,
    currency: 'NGN',
    tariff: tariffOf('NG'),
    freight: { ...SEED_FREIGHT.find((rate) => rate.country === 'NG' && rate.vehicleSize === 'medium')!, freightUsd: 1500, insuranceRate: 0.015 },
    charges: SEED_DESTINATION_CHARGES.find((charge) => charge.city === 'Lagos')!,
    rates: { source: 'test', timestamp: '2026-11-25T12:00:00.000Z', rates: { NGN: 1500 } },
    finance: { aprPercent: DEFAULT_APR_PERCENT, termMonths: DEFAULT_FINANCE_TERM_MONTHS, depositShare: DEFAULT_DEPOSIT_SHARE },
  };
  return computeQuote(input);
}

describe('the Nigerian landed cost, worked by hand (amounts in kobo)', () => {
  // A $20,000 FOB passenger car, $1,500 freight, 1.5% marine insurance, ₦1,500 to the dollar, delivered in Lagos.
  const fob = 20_000 * 1500 * 100; //                               3,000,000,000 (₦30,000,000.00)
  const freight = 1500 * 1500 * 100; //                               225,000,000
  const insurance = 48_375_000; //        1.5% of 3,225,000,000 =      48,375,000
  const cif = 3_273_375_000; //           fob + freight + insurance = 3,273,375,000
  const duty = 1_145_681_250; //          35% of CIF               = 1,145,681,250
  const levy = 1_145_681_250; //          35% of CIF               = 1,145,681,250
  const surcharge = 80_197_688; //        7% of duty = 80,197,687.5: a half, to the even neighbour 80,197,688
  const etls = 16_366_875; //             0.5% of CIF              =    16,366,875
  const ciss = 30_000_000; //             1% of FOB                =    30,000,000
  const vatBase = 4_545_620_813; //       cif + duty + surcharge + ciss + etls
  const vat = 340_921_561; //             7.5% of 4,545,620,813 = 340,921,560.975 → 340,921,561
  const clearing = 45_000_000; //         ₦450,000
  const port = 35_000_000; //             ₦350,000
  const delivery = 5_000_000; //          ₦50,000
  const total = 6_117_223_624; //         fob + freight + insurance + duty + levy + surcharge + etls + ciss + vat + clearing + port + delivery

  const quote = nigerianQuote();
  const line = (key: string) => quote.lines.find((candidate) => candidate.key === key)!;

  it('gives every line the hand-worked amount, base and rate', () => {
    expect(line('fob').amountMinor).toBe(fob);
    expect(line('freight').amountMinor).toBe(freight);
    expect(line('insurance')).toMatchObject({ baseMinor: fob + freight, rate: 0.015, amountMinor: insurance });
    expect(line('cif').amountMinor).toBe(cif);
    expect(line('duty')).toMatchObject({ baseMinor: cif, rate: 0.35, amountMinor: duty });
    expect(line('levy')).toMatchObject({ baseMinor: cif, rate: 0.35, amountMinor: levy });
    expect(line('surcharge')).toMatchObject({ baseMinor: duty, rate: 0.07, amountMinor: surcharge });
    expect(line('etls')).toMatchObject({ baseMinor: cif, rate: 0.005, amountMinor: etls });
    expect(line('ciss')).toMatchObject({ baseMinor: fob, rate: 0.01, amountMinor: ciss });
    expect(line('vat')).toMatchObject({ baseMinor: vatBase, rate: 0.075, amountMinor: vat });
    expect(line('clearing').amountMinor).toBe(clearing);
    expect(line('port').amountMinor).toBe(port);
    expect(line('delivery').amountMinor).toBe(delivery);
    expect(quote.totalMinor).toBe(total);
    expect(quote.lines.map((candidate) => candidate.key)).toEqual(['fob', 'freight', 'insurance', 'cif', 'duty', 'levy', 'surcharge', 'etls', 'ciss', 'vat', 'clearing', 'port', 'delivery']);
  });

  it('finances the total with the amortisation formula, 20% down over 60 months at 3.9%', () => {
    const deposit = 1_223_444_725; // 20% of 6,117,223,624 = 1,223,444,724.8
    const principal = total - deposit;
    const r = 0.039 / 12;
    expect(quote.finance).toMatchObject({ aprPercent: 3.9, termMonths: 60, depositMinor: deposit });
    expect(quote.finance.monthlyMinor).toBe(roundHalfEven((principal * r) / (1 - (1 + r) ** -60)));
    // About ₦898,000 a month: the order of magnitude a buyer can check on a phone calculator.
    expect(Math.round(quote.finance.monthlyMinor / 100 / 1000)).toBe(899);
  });

  it('answers in naira with base × rate = amount on every line and the tariff it used', () => {
    const answer = toQuoteAnswer(quote);
    expect(answer.total).toBe(61_172_236.24);
    expect(answer.lines.find((candidate) => candidate.key === 'vat')).toMatchObject({ base: 45_456_208.13, rate: 0.075, amount: 3_409_215.61 });
    for (const answered of answer.lines) {
      if (answered.rate === undefined) continue;
      expect(Math.abs(answered.base! * answered.rate - answered.amount)).toBeLessThanOrEqual(0.005 + 1e-9);
    }
    expect(answer.tariff).toEqual({ id: 'tariff-NG-1', version: 1, effectiveDate: '2024-01-01', source: expect.stringContaining('Nigeria Customs Service') });
    expect(answer.rates).toMatchObject({ source: 'test', perUsd: 1500 });
    expect(answer.estimate).toBe(true);
  });

  it('charges a pickup as a goods vehicle: no automotive levy', () => {
    const pickup = nigerianQuote({ ...car, vehicleClass: 'goods' });
    expect(pickup.lines.find((candidate) => candidate.key === 'levy')).toMatchObject({ rate: 0, amountMinor: 0 });
  });

  it('says when the listed price stood in for a FOB price', () => {
    expect(quote.assumptions).toEqual([]);
    expect(nigerianQuote({ ...car, fobSource: 'listing' }).assumptions).toEqual([expect.stringContaining('listed price is taken as FOB')]);
  });

  it('shows a car in stock in Nigeria at its local price, with no import on top of it', () => {
    expect(quote.localStock).toBeNull();
    const local = nigerianQuote({ ...car, locatedIn: 'NG', city: 'Abuja' });
    const price = 2_450_000 * 1500;
    expect(local.localStock).toEqual({ city: 'Abuja', priceMinor: price });
    // Its duties and clearing are in its price: one line, and the total and the finance are that price.
    expect(local.lines).toEqual([{ key: 'localPrice', label: expect.stringContaining('Abuja'), amountMinor: price }]);
    expect(local.totalMinor).toBe(price);
    expect(local.finance.depositMinor).toBe(roundHalfEven(price * DEFAULT_DEPOSIT_SHARE));
    expect(local.assumptions).toEqual([]);
    // Staff previewing a tariff on it see the import's lines.
    expect(nigerianQuote({ ...car, locatedIn: 'NG', city: 'Abuja' }, true).lines.map((line) => line.key)).toContain('duty');
    // Listed in Nigeria but not in stock (on its way): it is quoted as an import.
    expect(nigerianQuote({ ...car, locatedIn: 'NG', city: 'Abuja', inStock: false }).lines.map((line) => line.key)).toContain('duty');
  });
});

describe('Ghana and Kenya: rates by engine size', () => {
  const quoteIn = (country: 'GH' | 'KE', vehicle: VehicleFacts) =>
    computeQuote({
      vehicle,
      currency: country === 'GH' ? 'GHS' : 'KES',
      tariff: tariffOf(country),
      freight: SEED_FREIGHT.find((rate) => rate.country === country && rate.vehicleSize === vehicle.vehicleSize)!,
      charges: SEED_DESTINATION_CHARGES.find((charge) => charge.country === country)!,
      rates: { source: 'test', timestamp: '2026-11-25T12:00:00.000Z', rates: { GHS: 15, KES: 130 } },
      finance: { aprPercent: 3.9, termMonths: 60, depositShare: 0.2 },
    });
  const rateOf = (quote: ReturnType<typeof computeQuote>, key: string) => quote.lines.find((line) => line.key === key)!.rate;

  it('takes Ghana\u2019s duty band from the engine size, and the highest band when it is unknown', () => {
    expect(rateOf(quoteIn('GH', car), 'duty')).toBe(0.05);
    expect(rateOf(quoteIn('GH', { ...car, engineCc: 2500 }), 'duty')).toBe(0.1);
    expect(rateOf(quoteIn('GH', { ...car, engineCc: 3500 }), 'duty')).toBe(0.2);
    const unknown = quoteIn('GH', { ...car, engineCc: null });
    expect(rateOf(unknown, 'duty')).toBe(0.2);
    expect(unknown.assumptions).toEqual([expect.stringContaining('Engine size unknown')]);
  });

  it('levies Kenya\u2019s excise on CIF + duty, and VAT on CIF + duty + excise', () => {
    const quote = quoteIn('KE', { ...car, engineCc: 1800 });
    const amount = (key: string) => quote.lines.find((line) => line.key === key)!.amountMinor;
    expect(rateOf(quote, 'excise')).toBe(0.25);
    expect(quote.lines.find((line) => line.key === 'excise')!.baseMinor).toBe(amount('cif') + amount('duty'));
    expect(quote.lines.find((line) => line.key === 'vat')!.baseMinor).toBe(amount('cif') + amount('duty') + amount('excise'));
    expect(rateOf(quoteIn('KE', { ...car, engineCc: null, electric: true }), 'excise')).toBe(0.1);
  });

  it('rounds every rated line once, half to even, from its base', () => {
    for (const quote of [quoteIn('GH', car), quoteIn('KE', car), nigerianQuote()]) {
      for (const line of quote.lines) if (line.rate !== undefined) expect(line.amountMinor).toBe(roundHalfEven(line.baseMinor! * line.rate));
      expect(quote.totalMinor).toBe(quote.lines.filter((line) => line.key !== 'cif').reduce((sum, line) => sum + line.amountMinor, 0));
    }
  });
});

describe('tariff validation', () => {
  const line = { key: 'duty', label: 'Duty', base: ['cif'], rate: { kind: 'flat', rate: 0.35 }, source: 'x', sourceDate: '2024-01-01' } as const;

  it('refuses a rate outside 0% to 100%, naming the line', () => {
    const result = TariffLinesSchema.safeParse([{ ...line, rate: { kind: 'flat', rate: 35 } }]);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [0, 'rate', 'rate'], message: 'rate must be between 0% and 100%' });
  });

  it('refuses a base naming a line below it, and a key used twice', () => {
    const later = TariffLinesSchema.safeParse([{ ...line, key: 'vat', base: ['cif', 'duty'] }, line]);
    expect(later.error!.issues[0]).toMatchObject({ path: [0, 'base'] });
    const twice = TariffLinesSchema.safeParse([line, line]);
    expect(twice.error!.issues[0]).toMatchObject({ path: [1, 'key'] });
  });

  it('refuses engine bands that are empty, falling or without an open-ended last band, without throwing', () => {
    const byEngine = (bands: unknown) => TariffLinesSchema.safeParse([{ ...line, rate: { kind: 'byEngineCc', bands, electric: 0.05 } }]);
    expect(byEngine([]).error!.issues[0]).toMatchObject({ path: [0, 'rate', 'bands'], code: 'too_small' });
    expect(byEngine([{ upToCc: 1900, rate: 0.05 }]).error!.issues[0]).toMatchObject({ message: 'the last band must be open-ended (upToCc: null)' });
    expect(byEngine([{ upToCc: 3000, rate: 0.05 }, { upToCc: 1900, rate: 0.1 }, { upToCc: null, rate: 0.2 }]).error!.issues[0]).toMatchObject({ message: 'bands must rise, each with an upper limit but the last' });
  });

  it('seeds tariffs that pass their own validation', () => {
    for (const tariff of SEED_TARIFFS) expect(TariffVersionInputSchema.safeParse(tariff).success).toBe(true);
  });

  it('finds the version in force on a day', () => {
    const versions = [
      { version: 1, effectiveDate: '2024-01-01' },
      { version: 2, effectiveDate: '2026-07-01' },
    ];
    expect(versionInForce(versions, '2023-12-31')).toBeUndefined();
    expect(versionInForce(versions, '2026-06-30')!.version).toBe(1);
    expect(versionInForce(versions, '2026-07-01')!.version).toBe(2);
  });

  it.each([
    ['1.5T', 1500],
    ['2.8L Diesel', 2800],
    ['1498 cc', 1498],
    ['1.5L Plug-in Hybrid', 1500],
    ['Electric motor', null],
    ['', null],
  ])('reads the engine size of %s as %s cc', (text, cc) => {
    expect(engineCcOf(text)).toBe(cc);
  });
});
