import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database, DestinationChargesTable, FreightRatesTable, RateTableChange, TariffVersionsTable } from '@autobest/db';
import {
  DestinationChargeInputSchema,
  DestinationChargeRecordSchema,
  FreightRateInputSchema,
  FreightRateRecordSchema,
  PRICE_CURRENCY_CODES,
  QuoteAnswerSchema,
  STAFF_AREAS,
  TariffVersionInputSchema,
  TariffVersionRecordSchema,
  toQuoteAnswer,
  VEHICLE_SIZES,
  versionInForce,
  destinationChargeStreamId,
  freightRateStreamId,
  tariffVersionStreamId,
  type DestinationCharge,
  type DestinationChargeAdded,
  type DestinationChargeChanged,
  type FreightRateAdded,
  type FreightRateChanged,
  type LandedCostTableEvent,
  type TariffVersionAdded,
  type DestinationChargeRecord,
  type FreightRate,
  type FreightRateRecord,
  type TariffVersionRecord,
} from '@autobest/domain';
import { requireStaff, staffEventMetadata } from '../plugins/auth';
import { errorResponses, HttpError, notFound } from '../http/errors';
import { simpleRestList } from '../http/simpleRest';
import type { CatalogueRates } from '../inventory/ratesRoutes';
import { withStaffName, withStaffNames } from '../staff/staffNames';
import { quoteVehicle, toDestinationCharge, toFreightRate, toTariffVersion, type LandedCostTableCache } from './quoting';

const tags = ['landed cost'];
const IdParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
const countryFilter = z.string().regex(/^[A-Z]{2}$/, 'country must be an ISO code of two capital letters').optional();
const today = () => new Date().toISOString().slice(0, 10);

const tariffVersions = simpleRestList({
  resource: 'tariff-versions',
  from: (db) => db.selectFrom('tariff_versions'),
  sortable: { country: 'country', version: 'version', effectiveDate: 'effective_date', source: 'source', createdAt: 'created_at', createdBy: 'created_by' },
  defaultSort: ['createdAt', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`concat_ws(' ', country, source, notes, lines::text) ilike ${pattern}` },
  filters: { country: countryFilter },
  where: (query, { country }) => (country ? query.where('country', '=', country) : query),
  uuidIds: true,
  toRecord: (row: Selectable<TariffVersionsTable>) => row,
});

const freightRates = simpleRestList({
  resource: 'freight-rates',
  from: (db) => db.selectFrom('freight_rates'),
  sortable: { country: 'country', originPort: 'origin_port', destinationPort: 'destination_port', vehicleSize: 'vehicle_size', freightUsd: 'freight_usd', updatedAt: 'updated_at', updatedBy: 'updated_by' },
  defaultSort: ['country', 'ASC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`concat_ws(' ', country, origin_port, destination_port, source, notes) ilike ${pattern}` },
  filters: { country: countryFilter, vehicleSize: z.enum(VEHICLE_SIZES).optional() },
  equals: { country: 'country', vehicleSize: 'vehicle_size' },
  uuidIds: true,
  toRecord: (row: Selectable<FreightRatesTable>) => toFreightRateRecord(row),
});

const destinationCharges = simpleRestList({
  resource: 'destination-charges',
  from: (db) => db.selectFrom('destination_charges'),
  sortable: { country: 'country', city: 'city', currency: 'currency', clearing: 'clearing', port: 'port', delivery: 'delivery', updatedAt: 'updated_at', updatedBy: 'updated_by' },
  defaultSort: ['country', 'ASC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`concat_ws(' ', country, city, source, notes) ilike ${pattern}` },
  filters: { country: countryFilter },
  where: (query, { country }) => (country ? query.where('country', '=', country) : query),
  uuidIds: true,
  toRecord: (row: Selectable<DestinationChargesTable>) => toDestinationChargeRecord(row),
});

function toFreightRateRecord(row: Selectable<FreightRatesTable>): FreightRateRecord {
  return { ...toFreightRate(row), history: row.history, updatedAt: new Date(row.updated_at).toISOString(), updatedBy: row.updated_by };
}
function toDestinationChargeRecord(row: Selectable<DestinationChargesTable>): DestinationChargeRecord {
  return { ...toDestinationCharge(row), history: row.history, updatedAt: new Date(row.updated_at).toISOString(), updatedBy: row.updated_by };
}

/** What a change set: the fields whose value differs, for the record's history. */
function changesBetween(before: Record<string, unknown>, after: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(after).filter(([field, value]) => before[field] !== value));
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/**
 * The console's Tariffs, Freight and Charges (issue 18.5). A tariff version is written once and never changed: staff
 * add the next version, which quotes use from its effective date; a recorded quote keeps the version it used. Freight
 * rates and charges are edited in place, each change kept in the row's history.
 */
export const landedCostAdminRoutes: FastifyPluginAsyncZod<{ rates: CatalogueRates; tables: LandedCostTableCache }> = async (app, { rates, tables }) => {
  const read = { staffPermission: STAFF_AREAS.catalogue.read };
  const write = { staffPermission: STAFF_AREAS.catalogue.write };

  async function tariffRecords(rows: Selectable<TariffVersionsTable>[]): Promise<TariffVersionRecord[]> {
    const { tariffs } = await tables.load();
    const inForce = new Set<string>();
    for (const country of new Set(rows.map((row) => row.country))) {
      const current = versionInForce(tariffs.filter((tariff) => tariff.country === country), today());
      if (current) inForce.add(current.id);
    }
    return withStaffNames(app.db, rows.map((row) => ({ ...toTariffVersion(row), inForce: inForce.has(row.id) })));
  }
  async function tariffRow(id: string) {
    const row = await app.db.selectFrom('tariff_versions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Tariff version');
    return row;
  }

  app.get(
    '/api/admin/tariff-versions',
    { config: read, schema: { tags, summary: 'Tariff versions of every country, newest first (ra-data-simple-rest)', querystring: tariffVersions.querystring, response: { 200: z.array(TariffVersionRecordSchema), ...errorResponses } } },
    async (request, reply) => tariffRecords(await tariffVersions.answer(app.db, request.query, reply)),
  );

  app.get(
    '/api/admin/tariff-versions/:id',
    { config: read, schema: { tags, summary: 'One tariff version with its lines', params: IdParams, response: { 200: TariffVersionRecordSchema, ...errorResponses } } },
    async (request) => (await tariffRecords([await tariffRow(request.params.id)]))[0]!,
  );

  app.post(
    '/api/admin/tariff-versions',
    {
      config: write,
      schema: {
        tags,
        summary: "Add the next version of a country's tariff",
        description: 'Its effective date must come after every earlier version of the country (versions never overlap: each runs until the next). Rates are shares between 0 and 1.',
        body: TariffVersionInputSchema,
        response: { 201: TariffVersionRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const tariff = request.body;
      const newest = await app.db.selectFrom('tariff_versions').select(['version', 'effective_date']).where('country', '=', tariff.country).orderBy('version', 'desc').limit(1).executeTakeFirst();
      if (newest && tariff.effectiveDate <= newest.effective_date) {
        const message = `effectiveDate must be after ${newest.effective_date}, the effective date of version ${newest.version}: versions must not overlap`;
        throw new HttpError(400, 'validation_failed', message, { effectiveDate: message });
      }
      const id = randomUUID();
      const version = (newest?.version ?? 0) + 1;
      try {
        await app.eventStore.recordInTransaction(async (trx, record) => {
          await trx
            .insertInto('tariff_versions')
            .values({ id, country: tariff.country, version, effective_date: tariff.effectiveDate, source: tariff.source, notes: tariff.notes, lines: JSON.stringify(tariff.lines), created_by: staff.email })
            .execute();
          const added: TariffVersionAdded = { type: 'TariffVersionAdded', data: { tariffVersionId: id, country: tariff.country, version, effectiveDate: tariff.effectiveDate } };
          await record(tariffVersionStreamId(id), [added], staffEventMetadata(request));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'conflict', 'Another version of this tariff was added meanwhile; reload and try again');
        throw error;
      }
      tables.changed();
      return reply.code(201).send((await tariffRecords([await tariffRow(id)]))[0]!);
    },
  );

  app.get(
    '/api/admin/tariff-versions/:id/preview',
    {
      config: read,
      schema: {
        tags,
        summary: 'The quote this tariff version gives a chosen vehicle (also a version not yet in force)',
        params: IdParams,
        querystring: z.object({ vehicleId: z.string({ error: 'vehicleId is required' }).min(1, 'vehicleId is required').max(100), currency: z.enum(PRICE_CURRENCY_CODES).optional(), city: z.string().trim().min(1).max(80).optional() }),
        response: { 200: QuoteAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await tariffRow(request.params.id);
      const { quote } = await quoteVehicle(tables, rates, request.query.vehicleId, { country: row.country, currency: request.query.currency, city: request.query.city }, row.id);
      return toQuoteAnswer(quote);
    },
  );

  /** A row's columns from what staff entered: one mapping for adding and for changing it. */
  const freightColumns = (rate: FreightRate) => ({
    origin_port: rate.originPort,
    destination_port: rate.destinationPort,
    country: rate.country,
    vehicle_size: rate.vehicleSize,
    freight_usd: rate.freightUsd,
    insurance_rate: rate.insuranceRate,
    source: rate.source,
    notes: rate.notes,
  });
  const chargeColumns = (charge: DestinationCharge) => ({
    country: charge.country,
    city: charge.city,
    currency: charge.currency,
    clearing: charge.clearing,
    port: charge.port,
    delivery: charge.delivery,
    source: charge.source,
    notes: charge.notes,
  });
  /** Who added a row (its history starts empty), and who changed it with the history so far. */
  const added = (by: string) => ({ updated_by: by, history: JSON.stringify([]) });
  const changed = (by: string, history: RateTableChange[]) => ({ updated_by: by, updated_at: new Date(), history: JSON.stringify(history) });

  registerRateTable({
    resource: 'freight-rates',
    noun: 'Freight rate',
    streamId: freightRateStreamId,
    added: (id): FreightRateAdded => ({ type: 'FreightRateAdded', data: { freightRateId: id } }),
    changed: (id, fields): FreightRateChanged => ({ type: 'FreightRateChanged', data: { freightRateId: id, fields } }),
    list: freightRates,
    recordSchema: FreightRateRecordSchema,
    inputSchema: FreightRateInputSchema,
    conflictField: 'vehicleSize',
    conflictMessage: 'A freight rate for this origin port, destination port and vehicle size already exists',
    async find(id, lockedIn) {
      const row = await (lockedIn ?? app.db).selectFrom('freight_rates').selectAll().where('id', '=', id).$if(lockedIn !== undefined, (query) => query.forUpdate()).executeTakeFirst();
      return row ? toFreightRateRecord(row) : undefined;
    },
    async insert(trx, id, rate, by) {
      await trx.insertInto('freight_rates').values({ id, ...freightColumns(rate), ...added(by) }).execute();
    },
    async update(trx, id, rate, by, history) {
      await trx.updateTable('freight_rates').set({ ...freightColumns(rate), ...changed(by, history) }).where('id', '=', id).execute();
    },
  });

  registerRateTable({
    resource: 'destination-charges',
    noun: 'Destination charge',
    streamId: destinationChargeStreamId,
    added: (id): DestinationChargeAdded => ({ type: 'DestinationChargeAdded', data: { destinationChargeId: id } }),
    changed: (id, fields): DestinationChargeChanged => ({ type: 'DestinationChargeChanged', data: { destinationChargeId: id, fields } }),
    list: destinationCharges,
    recordSchema: DestinationChargeRecordSchema,
    inputSchema: DestinationChargeInputSchema,
    conflictField: 'city',
    conflictMessage: 'Charges for this city already exist',
    async find(id, lockedIn) {
      const row = await (lockedIn ?? app.db).selectFrom('destination_charges').selectAll().where('id', '=', id).$if(lockedIn !== undefined, (query) => query.forUpdate()).executeTakeFirst();
      return row ? toDestinationChargeRecord(row) : undefined;
    },
    async insert(trx, id, charge, by) {
      await trx.insertInto('destination_charges').values({ id, ...chargeColumns(charge), ...added(by) }).execute();
    },
    async update(trx, id, charge, by, history) {
      await trx.updateTable('destination_charges').set({ ...chargeColumns(charge), ...changed(by, history) }).where('id', '=', id).execute();
    },
  });

  /** List, show, add and edit for a table of rates staff keep, one way for freight and for charges. */
  function registerRateTable<Input extends Record<string, string | number>, ListRecord extends Input & { history: RateTableChange[] }>(spec: {
    resource: string;
    noun: string;
    list: { querystring: z.ZodType; answer(db: typeof app.db, query: never, reply: never): Promise<ListRecord[]> };
    recordSchema: z.ZodType<ListRecord>;
    inputSchema: z.ZodType<Input>;
    conflictField: string;
    conflictMessage: string;
    /** The row; `lockedIn` a transaction, it is locked there until that transaction ends. */
    find(id: string, lockedIn?: Transaction<Database>): Promise<ListRecord | undefined>;
    insert(trx: Transaction<Database>, id: string, input: Input, by: string): Promise<void>;
    update(trx: Transaction<Database>, id: string, input: Input, by: string, history: RateTableChange[]): Promise<void>;
    /** The row's stream, and the events recorded there for the activity trail. */
    streamId(id: string): string;
    added(id: string): LandedCostTableEvent;
    changed(id: string, fields: string[]): LandedCostTableEvent;
  }) {
    const path = `/api/admin/${spec.resource}`;
    // The schemas are this table's, which the type provider cannot follow through the generics: the routes are typed
    // by hand (zod still validates every body and answer).
    const routes = app as unknown as FastifyInstance;
    const found = async (id: string) => {
      const record = await spec.find(id);
      if (!record) throw notFound(spec.noun);
      return record;
    };
    /** As staff read it: who changed it by name (the stored history keeps the email). */
    const shown = async (id: string) => withStaffName(app.db, await found(id));
    const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
    const refuseDuplicate = (error: unknown): never => {
      if (isUniqueViolation(error)) throw new HttpError(400, 'validation_failed', spec.conflictMessage, { [spec.conflictField]: spec.conflictMessage });
      throw error;
    };
    routes.get(path, { config: read, schema: { tags, summary: `${spec.noun}s (ra-data-simple-rest)`, querystring: spec.list.querystring, response: { 200: z.array(spec.recordSchema), ...errorResponses } } }, async (request, reply) =>
      withStaffNames(app.db, await spec.list.answer(app.db, request.query as never, reply as never)),
    );
    routes.get(`${path}/:id`, { config: read, schema: { tags, summary: `One ${spec.noun.toLowerCase()} with its history`, params: IdParams, response: { 200: spec.recordSchema, ...errorResponses } } }, async (request) =>
      shown(idOf(request)),
    );
    routes.post(path, { config: write, schema: { tags, summary: `Add a ${spec.noun.toLowerCase()}`, body: spec.inputSchema, response: { 201: spec.recordSchema, ...errorResponses } } }, async (request, reply) => {
      const id = randomUUID();
      await app.eventStore
        .recordInTransaction(async (trx, record) => {
          await spec.insert(trx, id, request.body as Input, requireStaff(request).email);
          await record(spec.streamId(id), [spec.added(id)], staffEventMetadata(request));
        })
        .catch(refuseDuplicate);
      tables.changed();
      return reply.code(201).send(await shown(id));
    });
    routes.put(
      `${path}/:id`,
      { config: write, schema: { tags, summary: `Change a ${spec.noun.toLowerCase()}; the change is kept in its history`, params: IdParams, body: spec.inputSchema, response: { 200: spec.recordSchema, ...errorResponses } } },
      async (request) => {
        const id = idOf(request);
        const input = request.body as Input;
        const by = requireStaff(request).email;
        // Read and written under the row's lock: two staff saving the same row at once each add their change to its history.
        const changed = await app.eventStore
          .recordInTransaction(async (trx, record) => {
            const before = await spec.find(id, trx);
            if (!before) throw notFound(spec.noun);
            const changes = changesBetween(before, input);
            if (Object.keys(changes).length === 0) return false;
            await spec.update(trx, id, input, by, [...before.history, { at: new Date().toISOString(), by, changes }]);
            await record(spec.streamId(id), [spec.changed(id, Object.keys(changes))], staffEventMetadata(request));
            return true;
          })
          .catch(refuseDuplicate);
        if (changed) tables.changed();
        return shown(id);
      },
    );
  }
};
