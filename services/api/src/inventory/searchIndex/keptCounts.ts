/**
 * Facet counts of one filter's vehicles (or the whole catalogue's) by year bucket and price bucket, so a search
 * matching many vehicles with that filter alone counts its facets from four corners of a table instead of vehicle
 * by vehicle: only the vehicles in the buckets its ranges cut through are counted one by one. What it gives, with the
 * walk that uses it, is measured at SearchIndex.searchKept (about a third more searches a second on bench:search).
 */
export class KeptCounts {
  /** Vehicles per year bucket, price bucket and facet value, then all of them (the column after the values). */
  private readonly cells: Int32Array;
  /** Sums of the cells before each year and price bucket (both), found again after a change when a search needs them. */
  private sums: Int32Array | undefined;
  /** A facet value numbered after the table was made was added: the table cannot count it. */
  private outgrown = false;

  private readonly columns: number;

  constructor(
    private readonly years: number,
    private readonly prices: number,
    private readonly values: number,
  ) {
    this.columns = values + 1;
    this.cells = new Int32Array(years * prices * this.columns);
  }

  get usable(): boolean {
    return !this.outgrown;
  }

  /** Adds `change` (1 or -1) to each of `valueIds` in the year and price bucket of a vehicle. */
  add(year: number, price: number, valueIds: Int32Array, from: number, to: number, change: number): void {
    const cell = (year * this.prices + price) * this.columns;
    for (let at = from; at < to; at++) {
      const value = valueIds[at]!;
      if (value >= this.values) this.outgrown = true;
      else this.cells[cell + value]! += change;
    }
    this.cells[cell + this.values]! += change;
    this.sums = undefined;
  }

  /** Sums over the cells of years below y and prices below p, at ((y × (prices + 1)) + p) × columns. */
  private sumsOf(): Int32Array {
    if (this.sums) return this.sums;
    const { years, prices, columns: values, cells } = this;
    const width = prices + 1;
    const sums = new Int32Array((years + 1) * width * values);
    for (let year = 1; year <= years; year++) {
      for (let price = 1; price <= prices; price++) {
        const at = (year * width + price) * values;
        const up = ((year - 1) * width + price) * values;
        const left = (year * width + price - 1) * values;
        const diagonal = ((year - 1) * width + price - 1) * values;
        const cell = ((year - 1) * prices + price - 1) * values;
        for (let value = 0; value < values; value++) sums[at + value] = cells[cell + value]! + sums[up + value]! + sums[left + value]! - sums[diagonal + value]!;
      }
    }
    this.sums = sums;
    return sums;
  }

  /**
   * Adds to `perValue` the counts of the year buckets first..last and price buckets first..last (nothing when
   * empty), and answers how many vehicles they hold.
   */
  addBox(years: { first: number; last: number }, prices: { first: number; last: number }, perValue: Int32Array): number {
    if (years.first > years.last || prices.first > prices.last) return 0;
    const sums = this.sumsOf();
    const width = this.prices + 1;
    const { columns, values } = this;
    // The four corners of the box in the sums (written out: a closure made per search costs a call to name it under tsx).
    const high = ((years.last + 1) * width + prices.last + 1) * columns;
    const lowYear = (years.first * width + prices.last + 1) * columns;
    const lowPrice = ((years.last + 1) * width + prices.first) * columns;
    const low = (years.first * width + prices.first) * columns;
    for (let value = 0; value < values; value++) perValue[value]! += sums[high + value]! - sums[lowYear + value]! - sums[lowPrice + value]! + sums[low + value]!;
    return sums[high + values]! - sums[lowYear + values]! - sums[lowPrice + values]! + sums[low + values]!;
  }
}
