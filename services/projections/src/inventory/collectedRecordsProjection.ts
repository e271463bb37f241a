import { collectionChecks, collectionStatus, VehicleDataCollectedSchema } from '@autobest/domain';
import { eventByEventProjection, staffEmailOf } from '../projector/projection';

/** The data-collection records with their status and failing checks, as the console lists them. */
export const collectedRecordsProjection = eventByEventProjection({
  name: 'collected-records',
  tables: ['collected_records'],
  schema: VehicleDataCollectedSchema,
  async applyEvent(trx, event, stored) {
    const { variantId, record, savedAt } = event.data;
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
  },
});
