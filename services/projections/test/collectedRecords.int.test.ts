import { describe, it } from 'vitest';
import { collectionStreamId, CollectedRecordSchema, type CollectedRecord, type VehicleDataCollected } from '@autobest/domain';
import { collectedRecordsProjection } from '../src/inventory/collectedRecordsProjection';
import { inStream, projectionSpec, staff } from './projectionSpec';

const variantId = 'toyota-rav4-xle-2024';
const otherVariant = 'honda-cr-v-ex-2024';
const images = { front: 'https://cdn.example/front.jpg', sideLeft: 'https://cdn.example/left.jpg', sideRight: 'https://cdn.example/right.jpg', rear: 'https://cdn.example/rear.jpg', dashboard: 'https://cdn.example/dash.jpg' };
// A first save: pricing only, every other field at its default.
const started: CollectedRecord = CollectedRecordSchema.parse({ fobPriceUSD: 28_500, priceSource: 'https://www.auto-in-china.com/rav4' });
const completed: CollectedRecord = CollectedRecordSchema.parse({
  ...started,
  engineType: '2.5L I4',
  maxTorque: 243,
  transmission: '8-speed automatic',
  fuelType: 'petrol',
  length: 4600,
  width: 1855,
  height: 1685,
  wheelbase: 2690,
  curbWeight: 1610,
  images,
  dataVerified: true,
  imagesVerified: true,
});
const saved = (variant: string, record: CollectedRecord, savedAt: string): VehicleDataCollected => ({ type: 'VehicleDataCollected', data: { variantId: variant, record, savedAt } });

describe('collected records projection', () => {
  const { given } = projectionSpec(collectedRecordsProjection);

  it('keeps a first save as work in progress, with every check it still fails', async () => {
    await given(inStream(collectionStreamId(variantId), [saved(variantId, started, '2026-11-01T09:00:00.000Z')], staff))
      .then({
        collected_records: [
          {
            variant_id: variantId,
            record: started,
            status: 'WIP',
            issues: [
              'Missing engine type',
              'Max torque must be greater than 0',
              'Missing transmission',
              'Missing fuel type',
              'Length must be positive',
              'Width must be positive',
              'Height must be positive',
              'Wheelbase must be positive',
              'Curb weight must be positive',
              'Front image is required',
              'Left side image is required',
              'Right side image is required',
              'Rear image is required',
              'Dashboard image is required',
            ],
            updated_at: '2026-11-01T09:00:00.000Z',
            updated_by: 'ops@autobest.test',
            version: 1,
          },
        ],
      });
  });

  it('replaces the record with each later save: done once verified, with no failing check left', async () => {
    await given(inStream(collectionStreamId(variantId), [saved(variantId, started, '2026-11-01T09:00:00.000Z')], staff))
      .when(inStream(collectionStreamId(variantId), [saved(variantId, completed, '2026-11-02T09:00:00.000Z')], { kind: 'staff', staffUserId: '00000000-0000-4000-8000-0000000000b2', email: 'qa@autobest.test' }))
      .then({
        collected_records: [{ variant_id: variantId, record: completed, status: 'Done', issues: [], updated_at: '2026-11-02T09:00:00.000Z', updated_by: 'qa@autobest.test', version: 2 }],
      });
  });

  it('rebuilds the rows it kept live', async () => {
    await given(inStream(collectionStreamId(variantId), [saved(variantId, started, '2026-11-01T09:00:00.000Z')], staff))
      .when(inStream(collectionStreamId(otherVariant), [saved(otherVariant, started, '2026-11-01T10:00:00.000Z')], staff))
      .when(inStream(collectionStreamId(variantId), [saved(variantId, completed, '2026-11-02T09:00:00.000Z')], staff))
      .thenRebuildGivesTheSameRows();
  });
});
