import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CommandResult } from '@autobest/db';
import {
  decideVehicle,
  fromMajor,
  convert,
  FALLBACK_RATES,
  qaHealth,
  qaIssues,
  QaBulkFixSchema,
  QaFixResultSchema,
  QaReportSchema,
  toMajor,
  vehicleStreamId,
  type QaReport,
  type VehicleCommand,
  type VehicleEvent,
  type Money,
  type VehicleState,
  STAFF_AREAS,
} from '@autobest/domain';
import { handleCommand, httpErrorOf, readYourWrites, STREAMS } from '../http/commands';
import { errorResponses } from '../http/errors';

/** The catalogue's prices and their medians are kept in US cents. */
const usdCents = (amountMinor: number): Money<'USD'> => ({ amountMinor, currency: 'USD' });

export const inventoryQaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Inventory QA computed from the real catalogue (the spec's screen ran on hard-coded samples). */
  async function report(): Promise<QaReport & { medians: Map<string, number> }> {
    const rows = await sql<{
      id: string;
      name: string;
      brand: string;
      model: string;
      year: number;
      image_count: number;
      specification_count: number;
      feature_count: number;
      price_usd_cents: number;
      model_median: number | null;
      model_listings: number;
      duplicate_of: string | null;
    }>`
      with medians as (
        select lower(brand) as brand_key, lower(model) as model_key,
               percentile_cont(0.5) within group (order by price_usd_cents) as median, count(*)::int as listings
        from vehicles group by 1, 2
      ),
      ranked as (
        select id, first_value(id) over (partition by lower(brand), lower(model), year, price_usd_cents order by id) as first_id from vehicles
      )
      select v.id, v.name, v.brand, v.model, v.year,
             jsonb_array_length(v.images)::int as image_count,
             jsonb_array_length(v.specifications)::int as specification_count,
             jsonb_array_length(v.features)::int as feature_count,
             v.price_usd_cents, m.median as model_median, m.listings as model_listings,
             nullif(r.first_id, v.id) as duplicate_of
      from vehicles v
      join medians m on m.brand_key = lower(v.brand) and m.model_key = lower(v.model)
      join ranked r on r.id = v.id`.execute(app.db);
    const assessed = rows.rows.map((row) => {
      const issues = qaIssues({
        imageCount: row.image_count,
        specificationCount: row.specification_count,
        featureCount: row.feature_count,
        priceUsd: toMajor(usdCents(Number(row.price_usd_cents))),
        modelMedianUsd: row.model_median === null ? null : toMajor(usdCents(Number(row.model_median))),
        modelListings: row.model_listings,
        duplicateOf: row.duplicate_of,
      });
      return { id: row.id, name: row.name, brand: row.brand, model: row.model, year: row.year, imageCount: row.image_count, issues, ...qaHealth(issues.length) };
    });
    const count = (health: string) => assessed.filter((vehicle) => vehicle.health === health).length;
    const issueCounts: Record<string, number> = {};
    for (const vehicle of assessed) for (const issue of vehicle.issues) issueCounts[issue.kind] = (issueCounts[issue.kind] ?? 0) + 1;
    const tags = await sql<{ name: string; count: number }>`
      select feature->>'name' as name, count(*)::int as count from vehicles, jsonb_array_elements(features) as feature
      group by 1 order by 2 desc, 1 limit 30`.execute(app.db);
    const medians = new Map(rows.rows.filter((row) => row.model_median !== null).map((row) => [row.id, Number(row.model_median)]));
    const total = assessed.length;
    return {
      summary: { total, complete: count('Complete'), needReview: count('Needs Review'), critical: count('Critical'), completionPercent: total ? Math.round((count('Complete') / total) * 100) : 0 },
      issueCounts,
      featureTags: tags.rows.map((tag) => ({ name: tag.name, count: Number(tag.count) })),
      vehicles: assessed
        .filter((vehicle) => vehicle.issues.length > 0)
        .sort((a, b) => b.issues.length - a.issues.length || a.id.localeCompare(b.id))
        .slice(0, 500),
      medians,
    };
  }

  app.get(
    '/api/admin/inventory-qa',
    { config: { staffPermission: STAFF_AREAS.catalogue.read }, schema: { tags: ['inventory'], summary: 'Inventory QA: issues per vehicle, health, counts', response: { 200: QaReportSchema, ...errorResponses } } },
    async () => {
      const { medians: _medians, ...body } = await report();
      return body;
    },
  );

  app.get(
    '/api/admin/inventory-qa/report.txt',
    { config: { staffPermission: STAFF_AREAS.catalogue.read }, schema: { tags: ['inventory'], summary: 'Export QA Report (auto-best-qa-report-{date}.txt)', response: { 200: z.string(), ...errorResponses } } },
    async (_request, reply) => {
      const { summary, issueCounts, vehicles } = await report();
      const date = new Date().toISOString().slice(0, 10);
      const lines = [
        `AutoBest Africa inventory QA report, ${date}`,
        '',
        `Total vehicles: ${summary.total}`,
        `Complete: ${summary.complete}`,
        `Needs Review: ${summary.needReview}`,
        `Critical: ${summary.critical}`,
        `Completion: ${summary.completionPercent}%`,
        '',
        'Issues by kind:',
        ...Object.entries(issueCounts).map(([kind, total]) => `  ${kind}: ${total}`),
        '',
        'Vehicles needing attention (worst first):',
        ...vehicles.map((vehicle) => `  [${vehicle.health}${vehicle.priority ? `, ${vehicle.priority}` : ''}] ${vehicle.id} ${vehicle.year} ${vehicle.name}: ${vehicle.issues.map((issue) => issue.message).join('; ')}`),
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="auto-best-qa-report-${date}.txt"`)
        .send(lines.join('\n'));
    },
  );

  app.post(
    '/api/admin/inventory-qa/bulk-update',
    { config: { staffPermission: STAFF_AREAS.catalogue.write },
      schema: {
        tags: ['inventory'],
        summary: 'Apply one fix to the selected vehicles',
        body: QaBulkFixSchema,
        response: { 200: QaFixResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { ids, fix } = request.body;
      const medians = fix === 'set-price-to-median' ? (await report()).medians : new Map<string, number>();
      let updated = 0;
      const skipped: string[] = [];
      const written: Array<CommandResult<VehicleState, VehicleEvent>> = [];
      for (const id of ids) {
        let skippedBecause: string | undefined;
        const fixOf = (state: VehicleState, now: Date): VehicleCommand | undefined => {
          const vehicle = state.delisted ? null : state.vehicle;
          if (!vehicle) return undefined;
          if (fix === 'delist') return { type: 'Delist', reason: 'Delisted from inventory QA', now };
          if (fix === 'mark-out-of-stock') return { type: 'Save', vehicle: { ...vehicle, inStock: false }, now };
          const medianCents = medians.get(id);
          if (!medianCents) return undefined;
          // percentile_cont may fall between two cents: the median is taken to the nearest cent first.
          const price = toMajor(convert(fromMajor(toMajor(usdCents(medianCents)), 'USD'), vehicle.currency, FALLBACK_RATES));
          return { type: 'ChangePrice', price, currency: vehicle.currency, now };
        };
        try {
          const result = await handleCommand(
            app,
            request,
            STREAMS.vehicle,
            vehicleStreamId(id),
            (state) => {
              const command = fixOf(state, new Date());
              const events = command ? decideVehicle(command, state) : [];
              skippedBecause = events.length > 0 ? undefined : state.vehicle ? 'nothing to change' : 'not found';
              return events;
            },
            { by: 'staff' },
          );
          if (skippedBecause) {
            skipped.push(`${id}: ${skippedBecause}`);
          } else {
            written.push(result);
            updated++;
          }
        } catch (error) {
          skipped.push(`${id}: ${httpErrorOf(error)?.statusCode === 404 ? 'not found' : error instanceof Error ? error.message : 'failed'}`);
        }
      }
      // One wait for the whole batch: the console reloads the report right after.
      await readYourWrites(app, STREAMS.vehicle, written);
      return { updated, skipped };
    },
  );
};
