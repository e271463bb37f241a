import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CollectedRecordSchema,
  DATA_COLLECTION_CATALOGUE,
  catalogueVariants,
  CollectionOverviewSchema,
  CollectionVariantSchema,
  collectionChecks,
  collectionStatus,
  collectionStreamId,
  decideCollection,
  decideVehicle,
  evRangeKmOf,
  PublishedVariantSchema,
  vehicleStreamId,
  VehicleRecordSchema,
  chargesFromTheGrid,
  type CollectedRecord,
  STAFF_AREAS,
} from '@autobest/domain';
import { handleCommand, STREAMS } from '../http/commands';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { neutraliseFormula } from '../http/csv';
import { withStaffNames } from '../staff/staffNames';

/** Vehicle Data Collection: the catalogue's variants, their collected records, checks, exports and publishing. */
export const dataCollectionRoutes: FastifyPluginAsyncZod = async (app) => {
  async function overview() {
    const rows = await app.db.selectFrom('collected_records').selectAll().execute();
    const byId = new Map(rows.map((row) => [row.variant_id, row]));
    const variants = catalogueVariants().map((variant) => {
      const row = byId.get(variant.variantId);
      return {
        ...variant,
        status: row ? row.status : ('Pending' as const),
        issues: row ? row.issues : [],
        record: row ? row.record : null,
        updatedAt: row ? new Date(row.updated_at).toISOString() : null,
        updatedBy: row?.updated_by ?? null,
        version: row?.version ?? 0,
      };
    });
    const count = (status: string) => variants.filter((variant) => variant.status === status).length;
    return { summary: { total: variants.length, pending: count('Pending'), wip: count('WIP'), done: count('Done') }, variants: await withStaffNames(app.db, variants) };
  }
  const variantOf = (variantId: string) => {
    const variant = catalogueVariants().find((candidate) => candidate.variantId === variantId);
    if (!variant) throw notFound('Catalogue variant');
    return variant;
  };

  app.get('/api/admin/data-collection', { config: { staffPermission: STAFF_AREAS.catalogue.read }, schema: { tags: ['inventory'], summary: 'Every catalogue variant with its collected record and status', response: { 200: CollectionOverviewSchema, ...errorResponses } } }, async () => overview());

  app.put(
    '/api/admin/data-collection/:variantId',
    { config: { staffPermission: STAFF_AREAS.catalogue.write },
      schema: {
        tags: ['inventory'],
        summary: 'Save the collected record of a variant (complete or not: the checks say what is missing)',
        params: z.object({ variantId: z.string().max(120) }),
        body: CollectedRecordSchema.extend({ expectedVersion: z.int().min(0).optional() }),
        response: { 200: CollectionVariantSchema, ...errorResponses },
      },
    },
    async (request) => {
      variantOf(request.params.variantId);
      const { expectedVersion, ...record } = request.body;
      const { variantId } = request.params;
      await handleCommand(app, request, STREAMS.collectedRecord, collectionStreamId(variantId), () => decideCollection({ type: 'CollectVehicleData', variantId, record, now: new Date() }), {
        by: 'staff',
        expectedVersion,
        readYourWrite: true,
      });
      return (await overview()).variants.find((variant) => variant.variantId === request.params.variantId)!;
    },
  );

  app.post(
    '/api/admin/data-collection/:variantId/publish',
    { config: { staffPermission: STAFF_AREAS.catalogue.write },
      schema: {
        tags: ['inventory'],
        summary: 'Publish a Done record to the inventory as a listing',
        params: z.object({ variantId: z.string().max(120) }),
        response: { 200: PublishedVariantSchema, ...errorResponses },
      },
    },
    async (request) => {
      const variant = variantOf(request.params.variantId);
      const row = await app.db.selectFrom('collected_records').selectAll().where('variant_id', '=', variant.variantId).executeTakeFirst();
      const record = row ? (CollectedRecordSchema.parse(row.record) as CollectedRecord) : null;
      if (!record || collectionStatus(record) !== 'Done') {
        throw new HttpError(409, 'not_ready', 'Only a Done record (data and images verified) can be published', { status: 'Verify the data and the images first' });
      }
      const problems = collectionChecks(record);
      if (problems.length > 0) throw new HttpError(409, 'not_ready', `The record still fails checks: ${problems.join(', ')}`);
      const entry = DATA_COLLECTION_CATALOGUE.find((candidate) => candidate.brand === variant.brand && candidate.model === variant.model)!;
      const name = `${variant.brand} ${variant.model}`;
      const fuel = entry.fuel;
      const listing = VehicleRecordSchema.safeParse({
        id: variant.variantId,
        name,
        subtitle: `${variant.variant} · ${variant.year}`,
        description: `${variant.year} ${name} ${variant.variant}: ${record.engineType}${record.power ? `, ${record.power}` : ''}.`,
        price: record.fobPriceUSD,
        currency: 'USD',
        images: (['front', 'sideLeft', 'sideRight', 'rear', 'dashboard'] as const).map((view, index) => ({ url: record.images[view], alt: `${name} (${view})`, ...(index === 0 ? { isPrimary: true } : {}) })),
        specifications: [
          ['Engine', record.engineType],
          ['Displacement', record.displacement],
          ['Power', record.power],
          ['Max torque', record.maxTorque ? `${record.maxTorque} Nm` : ''],
          ['Transmission', record.transmission],
          ['Drivetrain', record.drivetrain],
          ['Fuel', record.fuelType],
          ['Fuel consumption', record.fuelConsumption],
          ['EV range', record.evRange],
          ['Seats', record.seatingCapacity ? String(record.seatingCapacity) : ''],
          ['Length', record.length ? `${record.length} mm` : ''],
          ['Wheelbase', record.wheelbase ? `${record.wheelbase} mm` : ''],
        ]
          .filter(([, value]) => value)
          .map(([specName, value]) => ({ name: specName, value, category: 'Specifications' })),
        features: [...record.keyFeatures, ...record.adasFeatures].map((feature) => ({ name: feature })),
        category: fuel === 'electric' ? `Electric ${entry.body === 'suv' ? 'SUV' : entry.body}` : entry.body === 'suv' ? 'SUV' : entry.body === 'pickup' ? 'Pickup Truck' : entry.body[0]!.toUpperCase() + entry.body.slice(1),
        brand: variant.brand,
        model: variant.model,
        year: Math.min(Math.max(variant.year, 2020), 2025),
        fuelType: fuel,
        bodyType: entry.body,
        sourceUrl: record.priceSource,
        trim: variant.variant,
        // A cross-border order: the record's FOB price is the factory's, so the car is ordered, not in our yard.
        importStatus: 'on-order',
        evRangeKm: chargesFromTheGrid(fuel) ? evRangeKmOf(record.evRange) : null,
      });
      // The record's checks pass, yet its values may still not fit a listing (a price above the dearest we take, an
      // engine description longer than a specification holds): that is the staff member's to fix, not a failure of ours.
      if (!listing.success) {
        const problems = [...new Set(listing.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))];
        throw new HttpError(409, 'not_ready', `The record does not make a valid listing: ${problems.join('; ')}`);
      }
      const vehicle = listing.data;
      await handleCommand(app, request, STREAMS.vehicle, vehicleStreamId(vehicle.id), (state) => decideVehicle({ type: 'Save', vehicle, now: new Date() }, state), {
        by: 'staff',
        readYourWrite: true,
      });
      return { vehicleId: vehicle.id };
    },
  );

  app.get(
    '/api/admin/data-collection/export.csv',
    { config: { staffPermission: STAFF_AREAS.catalogue.read }, schema: { tags: ['inventory'], summary: 'Export CSV (vehicle-data-collection-{date}.csv)', response: { 200: z.string(), ...errorResponses } } },
    async (_request, reply) => {
      const { variants } = await overview();
      const fields = ['fobPriceUSD', 'priceSource', 'engineType', 'displacement', 'power', 'maxTorque', 'transmission', 'drivetrain', 'fuelType', 'fuelConsumption', 'evRange', 'mpg', 'length', 'width', 'height', 'wheelbase', 'curbWeight', 'seatingCapacity', 'infotainmentSystem', 'adasFeatures', 'keyFeatures', 'dataVerified', 'imagesVerified', 'qaComments'];
      const rows = variants.map((variant) => [
        variant.variantId,
        variant.brand,
        variant.model,
        variant.variant,
        String(variant.year),
        variant.status,
        ...fields.map((field) => {
          const value = variant.record?.[field];
          return Array.isArray(value) ? value.join('|') : value === null || value === undefined ? '' : String(value);
        }),
        variant.updatedAt ?? '',
      ].map(neutraliseFormula));
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="vehicle-data-collection-${date}.csv"`)
        .send(stringify(rows, { header: true, columns: ['id', 'brand', 'model', 'variant', 'year', 'status', ...fields, 'lastUpdated'], bom: true }));
    },
  );

  app.get(
    '/api/admin/data-collection/qa-report.txt',
    { config: { staffPermission: STAFF_AREAS.catalogue.read }, schema: { tags: ['inventory'], summary: 'QA Report (QA-report-{date}.txt)', response: { 200: z.string(), ...errorResponses } } },
    async (_request, reply) => {
      const { summary, variants } = await overview();
      const date = new Date().toISOString().slice(0, 10);
      const lines = [
        `AutoBest Africa vehicle data collection QA report, ${date}`,
        `Variants: ${summary.total}; Done ${summary.done}; WIP ${summary.wip}; Pending ${summary.pending}`,
        '',
        ...variants.filter((variant) => variant.status !== 'Pending' && variant.issues.length > 0).map((variant) => `${variant.variantId} [${variant.status}]: ${variant.issues.join('; ')}`),
        '',
      ];
      return reply.type('text/plain; charset=utf-8').header('Content-Disposition', `attachment; filename="QA-report-${date}.txt"`).send(lines.join('\n'));
    },
  );
};
