import { describe, expect, it } from 'vitest';
import { CollectedRecordSchema, DATA_COLLECTION_CATALOGUE, catalogueVariants, collectionChecks, collectionStatus, variantIdOf } from '../src/index';
import { collectedTiggo2Pro } from '../src/testFixtures';

const complete = CollectedRecordSchema.parse(collectedTiggo2Pro);

describe('vehicle data collection', () => {
  it('holds the 24 brand/model entries of the spec, years 2023-2025', () => {
    const byBrand: Record<string, number> = {};
    for (const entry of DATA_COLLECTION_CATALOGUE) byBrand[entry.brand] = (byBrand[entry.brand] ?? 0) + 1;
    expect(byBrand).toEqual({ Chery: 5, Haval: 1, Toyota: 6, Changan: 3, Kia: 1, MG: 2, BYD: 5, ROX: 1 });
    expect(new Set(catalogueVariants().map((variant) => variant.year))).toEqual(new Set([2023, 2024, 2025]));
  });

  it('makes variant ids lower case with hyphens', () => {
    expect(variantIdOf('Toyota', 'Land Cruiser Prado', 'VX', 2024)).toBe('toyota-land-cruiser-prado-vx-2024');
  });

  it('passes a complete record and words each failing check as the spec does', () => {
    expect(collectionChecks(complete)).toEqual([]);
    const broken = CollectedRecordSchema.parse({ priceSource: 'https://cars.example', images: { front: 'http://img.example/f.jpg' } });
    expect(collectionChecks(broken)).toEqual([
      'Missing or invalid FOB price',
      'Price source must be from auto-in-china.com',
      'Missing engine type',
      'Max torque must be greater than 0',
      'Missing transmission',
      'Missing fuel type',
      'Length must be positive',
      'Width must be positive',
      'Height must be positive',
      'Wheelbase must be positive',
      'Curb weight must be positive',
      'Front image must be an HTTPS address',
      'Left side image is required',
      'Right side image is required',
      'Rear image is required',
      'Dashboard image is required',
    ]);
  });

  it('is Pending without a record, WIP until data and images are both verified, then Done', () => {
    expect(collectionStatus(null)).toBe('Pending');
    expect(collectionStatus({ ...complete, dataVerified: true })).toBe('WIP');
    expect(collectionStatus({ ...complete, dataVerified: true, imagesVerified: true })).toBe('Done');
  });
});
