import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Db } from '@autobest/db';
import { AdminVehicleSchema, ImportResultSchema, STAFF_AREAS, VehicleRecordChangeSchema, VehicleRecordSchema, decideVehicle, toMajor, vehicleStreamId, type VehicleEvent, type VehicleState } from '@autobest/domain';
import { handleCommand, STREAMS } from '../http/commands';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { likePattern, simpleRestList } from '../http/simpleRest';
import { fieldsOf } from '../http/apiFields';
import { csvAnswer } from '../http/csv';
import { listedPrice, vehicleFacts, type VehicleRow } from './vehicleSummary';
import { CSV_COLUMNS, csvRowOf, IMPORT_MAX_BYTES, planImport } from './importFile';
import { acceptMultipartForms } from '../http/multipartForms';
import { registerFilterValues } from '../http/filterValues';

async function vehicleRecord(db: Db, id: string) {
  const row = await db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAdminVehicle(row) : undefined;
}

function toAdminVehicle(row: VehicleRow) {
  return {
    ...vehicleFacts(row),
    description: row.description,
    price: toMajor(listedPrice(row)),
    currency: row.price_currency,
    ...fieldsOf(row, ['images', 'specifications', 'features', 'source_url', 'vin', 'trim', 'import_status', 'pricing', 'listed_at', 'updated_at', 'version']),
  };
}

/** The catalogue, as staff's list and its filters' values start from. */
const vehicleRows = (db: Db) => db.selectFrom('vehicles');

const vehicles = simpleRestList({
  resource: 'vehicles',
  from: vehicleRows,
  sortable: { name: 'name', brand: 'brand', model: 'model', year: 'year', category: 'category', price: 'price_usd_cents', listedAt: 'listed_at', updatedAt: 'updated_at' },
  defaultSort: ['listedAt', 'DESC'],
  search: { maxLength: 100, matches: (pattern) => sql<boolean>`(id || ' ' || name || ' ' || brand || ' ' || model || ' ' || category) ilike ${pattern}` },
  filters: {
    brand: z.string().trim().max(60).optional(),
    model: z.string().trim().max(60).optional(),
    year: z.union([z.string().trim().regex(/^\d{4}$/, 'Year must be like 2024'), z.int()]).transform(Number).optional(),
    category: z.string().trim().max(60).optional(),
  },
  where(query, { brand, model, year, category }) {
    let narrowed = query;
    if (brand) narrowed = narrowed.where('brand', 'ilike', brand);
    if (model) narrowed = narrowed.where('model', 'ilike', model);
    if (year) narrowed = narrowed.where('year', '=', year);
    if (category) narrowed = narrowed.where('category', 'ilike', likePattern(category));
    return narrowed;
  },
  uuidIds: false,
  toRecord: toAdminVehicle,
});

/** Staff manage the catalogue (ra-data-simple-rest). */
export const inventoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipartForms(app);
  /** A staff command on one vehicle; the console reloads the record right after, unless told it will not. */
  const run = (id: string, request: FastifyRequest, decide: (state: VehicleState, now: Date) => VehicleEvent[], { readYourWrite = true } = {}) =>
    handleCommand(app, request, STREAMS.vehicle, vehicleStreamId(id), (state) => decide(state, new Date()), { by: 'staff', readYourWrite });

  app.get(
    '/api/admin/vehicles',
    { config: { staffPermission: STAFF_AREAS.catalogue.read }, schema: { tags: ['inventory'], summary: 'Catalogue for staff (ra-data-simple-rest)', querystring: vehicles.querystring, response: { 200: z.array(AdminVehicleSchema), ...errorResponses } } },
    async (request, reply) => vehicles.answer(app.db, request.query, reply),
  );

  // The list's brand (make), model and year filters list what the catalogue holds.
  registerFilterValues(app, { path: '/api/admin/vehicles/filter-values', tags: ['inventory'], permission: STAFF_AREAS.catalogue.read, from: vehicleRows, columns: { make: 'brand', model: 'model', year: 'year' } });

  app.get(
    '/api/admin/vehicles/:id',
    { config: { staffPermission: STAFF_AREAS.catalogue.read }, schema: { tags: ['inventory'], summary: 'One vehicle for editing', params: z.object({ id: z.string().max(100) }), response: { 200: AdminVehicleSchema, ...errorResponses } } },
    async (request) => {
      const record = await vehicleRecord(app.db, request.params.id);
      if (!record) throw notFound('Vehicle');
      return record;
    },
  );

  app.post(
    '/api/admin/vehicles',
    { config: { staffPermission: STAFF_AREAS.catalogue.write }, schema: { tags: ['inventory'], summary: 'List a new vehicle; 400 names every failing rule', body: VehicleRecordSchema, response: { 200: AdminVehicleSchema, 201: AdminVehicleSchema, ...errorResponses } } },
    async (request, reply) => {
      await run(request.body.id, request, (state, now) => {
        // A delisted id may be listed again; a listed one belongs to its vehicle.
        if (state.listed && !state.delisted) {
          throw new HttpError(409, 'conflict', `A vehicle with ID ${request.body.id} already exists`, { id: 'This vehicle ID is already in use' });
        }
        return decideVehicle({ type: 'Save', vehicle: request.body, now }, state);
      });
      return reply.code(201).send((await vehicleRecord(app.db, request.body.id))!);
    },
  );

  app.put(
    '/api/admin/vehicles/:id',
    { config: { staffPermission: STAFF_AREAS.catalogue.write },
      schema: { tags: ['inventory'], summary: 'Replace a vehicle record', params: z.object({ id: z.string().max(100) }), body: VehicleRecordChangeSchema, response: { 200: AdminVehicleSchema, ...errorResponses } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await vehicleRecord(app.db, id))) throw notFound('Vehicle');
      await run(id, request, (state, now) => decideVehicle({ type: 'Save', vehicle: { ...request.body, id }, now }, state));
      return (await vehicleRecord(app.db, id))!;
    },
  );

  app.delete(
    '/api/admin/vehicles/:id',
    { config: { staffPermission: STAFF_AREAS.catalogue.write }, schema: { tags: ['inventory'], summary: 'Delist a vehicle (its history stays)', params: z.object({ id: z.string().max(100) }), response: { 200: AdminVehicleSchema, ...errorResponses } } },
    async (request) => {
      const before = await vehicleRecord(app.db, request.params.id);
      if (!before) throw notFound('Vehicle');
      await run(request.params.id, request, (state, now) => decideVehicle({ type: 'Delist', reason: 'Delisted by staff', now }, state));
      return before;
    },
  );

  app.post(
    '/api/admin/vehicles/import',
    { config: { staffPermission: STAFF_AREAS.catalogue.write },
      bodyLimit: 2 * IMPORT_MAX_BYTES,
      schema: {
        tags: ['inventory'],
        summary: 'Bulk import a JSON array or a CSV file (multipart part "file"): valid records are kept, each invalid one reported',
        consumes: ['multipart/form-data'],
        body: z.unknown().describe('multipart/form-data with one file part named "file" (.json or .csv, at most 10 MB)'),
        response: {
          200: ImportResultSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
      const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!part) throw new HttpError(400, 'validation_failed', 'Choose a file to import', { file: 'Choose a file to import' });
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'file_too_large', 'The file is larger than the import limit of 10 MB. Nothing was imported.', { file: 'File too large' });
        }
        throw error;
      }
      const plan = planImport(part.filename, content);
      const errors = [...plan.failed];
      let succeeded = 0;
      for (const vehicle of plan.valid) {
        try {
          await run(vehicle.id, request, (state, now) => decideVehicle({ type: 'Save', vehicle, now }, state), { readYourWrite: false });
          succeeded++;
        } catch (error) {
          errors.push(`${vehicle.name}: ${error instanceof Error ? error.message : 'could not be saved'}`);
        }
      }
      request.log.info({ succeeded, failed: errors.length }, 'inventory import');
      return { total: plan.valid.length + plan.failed.length, succeeded, failed: errors.length, errors };
    },
  );

  app.get(
    '/api/admin/vehicles/export.json',
    { config: { staffPermission: STAFF_AREAS.catalogue.read },
      schema: {
        tags: ['inventory'],
        summary: 'The whole catalogue as a JSON array in the import format (autobest-inventory-{date}.json)',
        response: { 200: z.array(AdminVehicleSchema), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const rows = await app.db.selectFrom('vehicles').selectAll().orderBy('brand').orderBy('model').orderBy('id').execute();
      const records = rows.map(toAdminVehicle);
      reply.header('Content-Disposition', `attachment; filename="autobest-inventory-${new Date().toISOString().slice(0, 10)}.json"`);
      return records;
    },
  );

  app.get(
    '/api/admin/vehicles/export.csv',
    { config: { staffPermission: STAFF_AREAS.catalogue.read },
      schema: {
        tags: ['inventory'],
        summary: 'The whole catalogue as CSV in the import format (autobest-inventory-{date}.csv): one row per vehicle, lists joined with "|"',
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (_request, reply) => {
      const rows = await app.db.selectFrom('vehicles').selectAll().orderBy('brand').orderBy('model').orderBy('id').execute();
      return csvAnswer(reply, 'autobest-inventory', CSV_COLUMNS, rows.map((row) => csvRowOf(toAdminVehicle(row))));
    },
  );
};
