import { describe, it } from 'vitest';
import { collectionChecks, collectionStreamId, CollectedRecordSchema, type CollectedRecord, type VehicleDataCollected } from '@autobest/domain';
import { collectedTiggo2Pro } from '@autobest/domain/testing';
import { collectedRecordsProjection } from '../src/inventory/collectedRecordsProjection';
import { inStream, projectionSpec, staff } from './projectionSpec';

const variantId = 'toyota-rav4-xle-2024';
const otherVariant = 'honda-cr-v-ex-2024';
// A first save: pricing only, every other field at its default.
const started: CollectedRecord = CollectedRecordSchema.parse({ fobPriceUSD: 28_500, priceSource: 'https://www.auto-in-china.com/rav4' });
const completed: CollectedRecord = CollectedRecordSchema.parse({ ...collectedTiggo2Pro, dataVerified: true, imagesVerified: true });
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
            // The checks' words are the domain's (dataCollection.unit.test.ts); the row keeps every one the record fails.
            issues: collectionChecks(started),
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
