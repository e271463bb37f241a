import { parseStoredEvent } from '@autobest/db';
import { COLLECTION_EVENT_TYPES, collectionChecks, collectionStatus, VehicleDataCollectedSchema } from '@autobest/domain';
import { staffEmailOf, type Projection } from '../projector/projection';

/** The data-collection records with their status and failing checks, as the console lists them. */
export const collectedRecordsProjection: Projection = {
  name: 'collected-records',
  tables: ['collected_records'],
  handles: COLLECTION_EVENT_TYPES,
  async apply(trx, events) {
    for (const stored of events) {
      const { variantId, record, savedAt } = parseStoredEvent(VehicleDataCollectedSchema, stored).data;
      const row = {
        variant_id: variantId,
        record: JSON.stringify(record),
        status: collectionStatus(record) as 'WIP' | 'Done',
        issues: collectionChecks(record),
        updated_at: savedAt,
        updated_by: staffEmailOf(stored),
        version: stored.streamPosition,
      };
      const { variant_id: _id, ...changes } = row;
      await trx.insertInto('collected_records').values(row).onConflict((conflict) => conflict.column('variant_id').doUpdateSet(changes)).execute();
    }
  },
};
