import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import { readStream, type Db, type VehiclesTable } from '@autobest/db';
import {
  VehicleNotFound,
  VehicleSchema,
  decideVehicle,
  foldVehicle,
  toMajor,
  vehicleStreamId,
  type PriceCurrency,
  type VehicleCommand,
  type VehicleEvent,
} from '@autobest/domain';
import { eventMetadata } from '../plugins/infrastructure';
import { errorResponses, HttpError, notFound } from '../platform/errors';
import { idList, likePattern, pageOf, sendContentRange, simpleRestListQuery } from '../platform/simpleRest';
import { IMPORT_MAX_BYTES, planImport } from './importFile';

const AdminVehicleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    subtitle: z.string(),
    description: z.string(),
    price: z.number(),
    currency: z.string(),
    images: z.array(z.object({ url: z.string(), alt: z.string(), isPrimary: z.boolean().optional() })),
    specifications: z.array(z.object({ name: z.string(), value: z.string(), category: z.string() })),
    features: z.array(z.object({ name: z.string(), description: z.string(), category: z.string() })),
    category: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.number(),
    rating: z.number(),
    reviewCount: z.number(),
    inStock: z.boolean(),
    isNew: z.boolean(),
    isFeatured: z.boolean(),
    sourceUrl: z.string(),
    condition: z.string(),
    fuelType: z.string(),
    bodyType: z.string(),
    transmission: z.string(),
    odometerKm: z.number(),
    location: z.object({ city: z.string(), country: z.string() }),
    listedAt: z.string(),
    updatedAt: z.string(),
    version: z.number(),
  })
  .meta({ id: 'AdminVehicle' });

const ReservationSchema = z
  .object({ id: z.string(), vehicleId: z.string(), vehicleName: z.string(), name: z.string(), phone: z.string(), requestedAt: z.string() })
  .meta({ id: 'ReservationRequest' });

const VEHICLE_SORT = { name: 'name', brand: 'brand', model: 'model', year: 'year', price: 'price_usd_cents', listedAt: 'listed_at', updatedAt: 'updated_at', id: 'id' } as const;
const VehicleListQuery = simpleRestListQuery(
  ['name', 'brand', 'model', 'year', 'price', 'listedAt', 'updatedAt', 'id'],
  z.object({ q: z.string().trim().max(100).optional(), brand: z.string().trim().max(60).optional(), category: z.string().trim().max(60).optional(), id: idList.optional() }),
);
const ReservationListQuery = simpleRestListQuery(['requestedAt', 'vehicleName', 'name'], z.object({ q: z.string().trim().max(100).optional(), vehicleId: z.string().max(100).optional(), id: idList.optional() }));

type VehicleRow = Selectable<VehiclesTable>;

async function vehicleRecord(db: Db, id: string) {
  const row = await db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAdminVehicle(row) : undefined;
}

function toAdminVehicle(row: VehicleRow) {
  return {
    id: row.id,
    name: row.name,
    subtitle: row.subtitle,
    description: row.description,
    price: toMajor({ amountMinor: Number(row.price_minor), currency: row.price_currency as PriceCurrency }),
    currency: row.price_currency,
    images: row.images,
    specifications: row.specifications,
    features: row.features,
    category: row.category,
    brand: row.brand,
    model: row.model,
    year: row.year,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    inStock: row.in_stock,
    isNew: row.is_new,
    isFeatured: row.is_featured,
    sourceUrl: row.source_url,
    condition: row.condition,
    fuelType: row.fuel_type,
    bodyType: row.body_type,
    transmission: row.transmission,
    odometerKm: row.odometer_km,
    location: { city: row.city, country: row.country },
    listedAt: new Date(row.listed_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

/** Staff manage the catalogue (ra-data-simple-rest) and follow up reservation requests. */
export const inventoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const run = async (id: string, request: FastifyRequest, command: (now: Date) => VehicleCommand, options: { waitForReadModel?: boolean } = {}) => {
    const stored = await readStream(app.db, vehicleStreamId(id));
    const state = foldVehicle(stored.map((event) => ({ type: event.type, data: event.data }) as VehicleEvent));
    let events: VehicleEvent[];
    try {
      events = decideVehicle(command(new Date()), state);
    } catch (error) {
      if (error instanceof VehicleNotFound) throw notFound('Vehicle');
      throw error;
    }
    if (events.length === 0) return;
    const staff = request.staff!;
    const { nextExpectedVersion } = await app.eventStore.append(vehicleStreamId(id), stored.length, events, eventMetadata(request, { kind: 'staff', staffUserId: staff.id, email: staff.email }));
    if (options.waitForReadModel === false) return;
    // Read your own write: the console reloads the record right after saving.
    const delisting = events.some((event) => event.type === 'VehicleDelisted');
    await app.readModels.waitFor('vehicles', async () => {
      const row = await app.db.selectFrom('vehicles').select('version').where('id', '=', id).executeTakeFirst();
      return row ? row.version >= nextExpectedVersion : delisting;
    });
  };

  app.get(
    '/api/admin/vehicles',
    { schema: { tags: ['inventory'], summary: 'Catalogue for staff (ra-data-simple-rest)', querystring: VehicleListQuery, response: { 200: z.array(AdminVehicleSchema), ...errorResponses } } },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const page = pageOf(range);
      let query = app.db.selectFrom('vehicles');
      if (filter?.q) query = query.where(sql<boolean>`(id || ' ' || name || ' ' || brand || ' ' || model || ' ' || category) ilike ${likePattern(filter.q)}`);
      if (filter?.brand) query = query.where('brand', 'ilike', filter.brand);
      if (filter?.category) query = query.where('category', 'ilike', likePattern(filter.category));
      if (filter?.id) query = query.where('id', 'in', filter.id.length > 0 ? filter.id : ['']);
      const [column, direction] = sort ? ([VEHICLE_SORT[sort[0]], sort[1] === 'ASC' ? 'asc' : 'desc'] as const) : (['listed_at', 'desc'] as const);
      const [rows, counted] = await Promise.all([
        query.selectAll().orderBy(column, direction).orderBy('id').offset(page.offset).limit(page.limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      sendContentRange(reply, 'vehicles', page, rows.length, Number(counted.total));
      return rows.map(toAdminVehicle);
    },
  );

  app.get(
    '/api/admin/vehicles/:id',
    { schema: { tags: ['inventory'], summary: 'One vehicle for editing', params: z.object({ id: z.string().max(100) }), response: { 200: AdminVehicleSchema, ...errorResponses } } },
    async (request) => {
      const record = await vehicleRecord(app.db, request.params.id);
      if (!record) throw notFound('Vehicle');
      return record;
    },
  );

  app.post(
    '/api/admin/vehicles',
    { schema: { tags: ['inventory'], summary: 'List a new vehicle; 400 names every failing rule', body: VehicleSchema, response: { 200: AdminVehicleSchema, 201: AdminVehicleSchema, ...errorResponses } } },
    async (request, reply) => {
      const existing = await readStream(app.db, vehicleStreamId(request.body.id));
      if (existing.length > 0 && !foldVehicle(existing.map((event) => ({ type: event.type, data: event.data }) as VehicleEvent)).delisted) {
        throw new HttpError(409, 'conflict', `A vehicle with ID ${request.body.id} already exists`, { id: 'This vehicle ID is already in use' });
      }
      await run(request.body.id, request, (now) => ({ type: 'Save', vehicle: request.body, now }));
      return reply.code(201).send((await vehicleRecord(app.db, request.body.id))!);
    },
  );

  app.put(
    '/api/admin/vehicles/:id',
    {
      schema: { tags: ['inventory'], summary: 'Replace a vehicle record', params: z.object({ id: z.string().max(100) }), body: VehicleSchema.omit({ id: true }).extend({ id: z.string().optional() }), response: { 200: AdminVehicleSchema, ...errorResponses } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await vehicleRecord(app.db, id))) throw notFound('Vehicle');
      await run(id, request, (now) => ({ type: 'Save', vehicle: { ...request.body, id }, now }));
      return (await vehicleRecord(app.db, id))!;
    },
  );

  app.delete(
    '/api/admin/vehicles/:id',
    { schema: { tags: ['inventory'], summary: 'Delist a vehicle (its history stays)', params: z.object({ id: z.string().max(100) }), response: { 200: AdminVehicleSchema, ...errorResponses } } },
    async (request) => {
      const before = await vehicleRecord(app.db, request.params.id);
      if (!before) throw notFound('Vehicle');
      await run(request.params.id, request, (now) => ({ type: 'Delist', reason: 'Delisted by staff', now }));
      return before;
    },
  );

  app.post(
    '/api/admin/vehicles/import',
    {
      bodyLimit: 2 * IMPORT_MAX_BYTES,
      schema: {
        tags: ['inventory'],
        summary: 'Bulk import a JSON array or a CSV file (multipart part "file"): valid records are kept, each invalid one reported',
        consumes: ['multipart/form-data'],
        body: z.unknown().describe('multipart/form-data with one file part named "file" (.json or .csv, at most 10 MB)'),
        response: {
          200: z.object({ total: z.number(), succeeded: z.number(), failed: z.number(), errors: z.array(z.string()) }).meta({ id: 'ImportResult' }),
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
          await run(vehicle.id, request, (now) => ({ type: 'Save', vehicle, now }), { waitForReadModel: false });
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
    {
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
    '/api/admin/reservation-requests',
    { schema: { tags: ['inventory'], summary: "Buyers' 'Reserve Now' requests, newest first", querystring: ReservationListQuery, response: { 200: z.array(ReservationSchema), ...errorResponses } } },
    async (request, reply) => {
      const { sort, range, filter } = request.query;
      const page = pageOf(range);
      let query = app.db.selectFrom('reservation_requests');
      if (filter?.q) query = query.where(sql<boolean>`(vehicle_name || ' ' || name || ' ' || phone) ilike ${likePattern(filter.q)}`);
      if (filter?.vehicleId) query = query.where('vehicle_id', '=', filter.vehicleId);
      if (filter?.id) query = query.where(sql<boolean>`id::text = any(${filter.id})`);
      const column = sort ? ({ requestedAt: 'requested_at', vehicleName: 'vehicle_name', name: 'name' } as const)[sort[0]] : 'requested_at';
      const direction = sort?.[1] === 'ASC' ? 'asc' : 'desc';
      const [rows, counted] = await Promise.all([
        query.selectAll().orderBy(column, direction).orderBy('id').offset(page.offset).limit(page.limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      sendContentRange(reply, 'reservation-requests', page, rows.length, Number(counted.total));
      return rows.map((row) => ({ id: row.id, vehicleId: row.vehicle_id, vehicleName: row.vehicle_name, name: row.name, phone: row.phone, requestedAt: new Date(row.requested_at).toISOString() }));
    },
  );
};

