import { parse } from 'csv-parse/sync';
import { ImportedVehicleSchema, vehicleErrors, type AdminVehicle, type Vehicle } from '@autobest/domain';
import { HttpError } from '../http/errors';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_RECORDS = 20_000;

/** CSV columns (one row per vehicle); lists inside a cell are separated by "|", a spec is "Name=Value". */
export const CSV_COLUMNS = [
  'id', 'name', 'subtitle', 'description', 'price', 'currency', 'category', 'brand', 'model', 'year', 'rating', 'reviewCount',
  'inStock', 'isNew', 'isFeatured', 'sourceUrl', 'condition', 'fuelType', 'bodyType', 'transmission', 'odometerKm', 'city', 'country',
  'images', 'specifications', 'features',
  'vin', 'trim', 'importStatus', 'expectedArrival', 'evRangeKm', 'pricingMin', 'pricingMax', 'pricingCurrency', 'reservationAmount', 'pricingNote',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

const list = (cell: string | undefined) => (cell ?? '').split('|').map((part) => part.trim()).filter(Boolean);
const number = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? undefined : Number(cell.replace(/[,\s]/g, '')));
const flag = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? undefined : /^(true|yes|1)$/i.test(cell.trim()));
const text = (cell: string | undefined) => (cell === undefined || cell.trim() === '' ? undefined : cell);

/** A CSV row as the same record shape the JSON format uses; validation happens afterwards, the same for both. */
function recordFromRow(row: Record<string, string>): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: text(row['id']),
    name: text(row['name']),
    subtitle: text(row['subtitle']),
    description: text(row['description']),
    price: number(row['price']),
    currency: text(row['currency']),
    category: text(row['category']),
    brand: text(row['brand']),
    model: text(row['model']),
    year: number(row['year']),
    rating: number(row['rating']),
    reviewCount: number(row['reviewCount']),
    inStock: flag(row['inStock']),
    isNew: flag(row['isNew']),
    isFeatured: flag(row['isFeatured']),
    sourceUrl: text(row['sourceUrl']),
    condition: text(row['condition']),
    fuelType: text(row['fuelType']),
    bodyType: text(row['bodyType']),
    transmission: text(row['transmission']),
    odometerKm: number(row['odometerKm']),
    images: list(row['images']).map((url) => ({ url, alt: text(row['name']) ?? '' })),
    specifications: list(row['specifications']).map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name?.trim() ?? '', value: value.join('=').trim() };
    }),
    features: list(row['features']).map((name) => ({ name })),
    vin: text(row['vin']),
    trim: text(row['trim']),
    importStatus: text(row['importStatus']),
    expectedArrival: text(row['expectedArrival']),
    evRangeKm: number(row['evRangeKm']),
  };
  if (row['city'] || row['country']) record['location'] = { city: row['city'] ?? '', country: row['country'] ?? '' };
  // A row with any pricing cell has pricing; its currency defaults to the price's, and an unset reservation to 0.
  const pricingCells = ['pricingMin', 'pricingMax', 'pricingCurrency', 'reservationAmount', 'pricingNote'].map((column) => text(row[column]));
  if (pricingCells.some((cell) => cell !== undefined)) {
    record['pricing'] = {
      min: number(row['pricingMin']),
      max: number(row['pricingMax']),
      currency: text(row['pricingCurrency']) ?? text(row['currency']) ?? 'USD',
      reservationAmount: number(row['reservationAmount']) ?? 0,
      note: text(row['pricingNote']),
    };
  }
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** A catalogue record as a CSV row in CSV_COLUMNS' order, the same format the import reads. */
export function csvRowOf(vehicle: AdminVehicle): string[] {
  const cells: Record<CsvColumn, string | number | boolean | null | undefined> = {
    ...vehicle,
    city: vehicle.location.city,
    country: vehicle.location.country,
    images: vehicle.images.map((image) => image.url).join('|'),
    specifications: vehicle.specifications.map((spec) => `${spec.name}=${spec.value}`).join('|'),
    features: vehicle.features.map((feature) => feature.name).join('|'),
    pricingMin: vehicle.pricing?.min,
    pricingMax: vehicle.pricing?.max,
    pricingCurrency: vehicle.pricing?.currency,
    reservationAmount: vehicle.pricing?.reservationAmount,
    pricingNote: vehicle.pricing?.note,
  };
  return CSV_COLUMNS.map((column) => {
    const cell = cells[column];
    return cell === null || cell === undefined ? '' : String(cell);
  });
}

export interface ImportPlan {
  valid: Vehicle[];
  /** '{name or Unknown}: {errors}', as the spec words a failed record. */
  failed: string[];
}

/** Reads a JSON array or a CSV file into valid vehicles and a line per invalid record; a broken file is a 400. */
export function planImport(fileName: string, content: Buffer): ImportPlan {
  if (content.length > IMPORT_MAX_BYTES) {
    throw new HttpError(413, 'file_too_large', `The file is ${(content.length / 1024 / 1024).toFixed(1)} MB; the import limit is 10 MB. Nothing was imported.`, { file: 'File too large' });
  }
  const raw = content.toString('utf8').replace(/^\uFEFF/, '');
  let records: unknown[];
  if (/\.json$/i.test(fileName) || /^\s*[[{]/.test(raw)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      throw new HttpError(400, 'invalid_file', `The file is not valid JSON (${(error as Error).message}). Nothing was imported.`, { file: 'Not valid JSON' });
    }
    if (!Array.isArray(parsed)) {
      throw new HttpError(400, 'invalid_file', 'A JSON import must be an array of vehicles, like [{"id": ...}]. Nothing was imported.', { file: 'Not an array' });
    }
    records = parsed;
  } else {
    let rows: Array<Record<string, string>>;
    try {
      rows = parse(raw, { columns: true, skip_empty_lines: true, trim: true, bom: true, relax_column_count: false }) as Array<Record<string, string>>;
    } catch (error) {
      throw new HttpError(400, 'invalid_file', `The CSV file could not be read: ${(error as Error).message}. Nothing was imported.`, { file: 'Malformed CSV' });
    }
    const header = rows[0] ? Object.keys(rows[0]) : [];
    if (rows.length > 0 && !header.includes('id')) {
      throw new HttpError(400, 'invalid_file', `The CSV file needs a header row with the columns ${CSV_COLUMNS.join(', ')}. Nothing was imported.`, { file: 'Missing header row' });
    }
    records = rows.map(recordFromRow);
  }
  if (records.length === 0) throw new HttpError(400, 'invalid_file', 'The file holds no vehicles. Nothing was imported.', { file: 'Empty file' });
  if (records.length > IMPORT_MAX_RECORDS) {
    throw new HttpError(413, 'file_too_large', `The file holds ${records.length} vehicles; import at most ${IMPORT_MAX_RECORDS} at a time. Nothing was imported.`, { file: 'Too many records' });
  }

  const valid: Vehicle[] = [];
  const failed: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    const parsed = ImportedVehicleSchema.safeParse(record);
    const name = typeof (record as { name?: unknown })?.name === 'string' && (record as { name: string }).name.trim() ? (record as { name: string }).name.trim() : 'Unknown';
    if (!parsed.success) {
      failed.push(`${name}: ${vehicleErrors(record).join(', ')}`);
    } else if (seen.has(parsed.data.id)) {
      failed.push(`${name}: Vehicle ID ${parsed.data.id} appears more than once in the file`);
    } else {
      seen.add(parsed.data.id);
      valid.push(parsed.data);
    }
  }
  return { valid, failed };
}
