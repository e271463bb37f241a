import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { eventsBehind, processorsBehind, readCheckpoint, START_OF_STORE, type Checkpoint, type Db } from '@autobest/db';
import { toMajor, VEHICLE_EVENT_TYPES, vehicleStreamId } from '@autobest/domain';
import { collectGarbage } from '../../process/fullGc';
import { collationMatchesIndex, everyIndexedVehicle, readIndexedVehicles } from './readModel';
import { everyCard, readCards, type CardStore } from './cards';
import { SearchIndex, type IndexedVehicle } from './searchIndex';
import { VEHICLE_SORTS, type VehicleSearchQuery } from '@autobest/domain/inventory/contracts';
import type { InventoryTabId } from '@autobest/domain';

/** The vehicles projection keeps vehicle_search; its checkpoint is the index's change counter. */
const VEHICLES_PROJECTION = 'vehicles';
/** How often each API process asks whether vehicle_search moved: a change is searchable within about this. */
export const SEARCH_INDEX_POLL_MS = 250;
/** More vehicles changed than this since the last look (a seed, an import, a rebuild): read them all again. */
const RELOAD_ABOVE = 5_000;
const STREAM_PREFIX = vehicleStreamId('');

const isAfter = (a: Checkpoint, b: Checkpoint) => BigInt(a.transactionId) > BigInt(b.transactionId) || (a.transactionId === b.transactionId && a.globalPosition > b.globalPosition);
const same = (a: Checkpoint, b: Checkpoint) => a.transactionId === b.transactionId && a.globalPosition === b.globalPosition;

/** Events a look reads at most: more than this since the last one (a seed, an import) and the index is read again whole. */
const EVENTS_PER_LOOK = 20_000;

/**
 * The ids of the vehicles whose events the projection applied after `from`, up to `to`; undefined when more than
 * `eventsPerLook` events (EVENTS_PER_LOOK unless a test says) lie between. The events are read in their order, from the
 * front of the store's index on (transaction_id, global_position), and the vehicles' picked out of them. Asked for the
 * vehicles' event types in the same WHERE, PostgreSQL (which cannot estimate a range of xid8, and assumes a third of the
 * table) also read the index of event types, every vehicle's listing: 20 ms a look on 100,000 vehicles against 2 ms now
 * (EXPLAIN ANALYZE). A process looks every SEARCH_INDEX_POLL_MS when the read models moved, which under load is every
 * time.
 */
async function vehiclesChanged(db: Db, from: Checkpoint, to: Checkpoint, eventsPerLook: number): Promise<string[] | undefined> {
  const { rows } = await sql<{ scanned: number; ids: string[] }>`
    select count(*)::int as scanned,
      coalesce(array_agg(distinct substr(stream_id, ${STREAM_PREFIX.length + 1})) filter (
        where type = any(${sql.val([...VEHICLE_EVENT_TYPES])}::text[]) and stream_id like ${`${STREAM_PREFIX}%`}
      ), '{}') as ids
    from (
      select stream_id, type from events
      where (transaction_id, global_position) > (${from.transactionId}::xid8, ${from.globalPosition}::bigint)
        and (transaction_id, global_position) <= (${to.transactionId}::xid8, ${to.globalPosition}::bigint)
      order by transaction_id, global_position
      limit ${eventsPerLook + 1}
    ) as recent`.execute(db);
  const { scanned, ids } = rows[0]!;
  return scanned > eventsPerLook ? undefined : ids;
}

/** Searches a process makes of itself over HTTP once its first index is in place, before it says it is ready. */
const WARM_UP_REQUESTS = 3_000;
const NAIRA_PER_DOLLAR = 1_500;

/**
 * The n-th search of every shape made from sample vehicles, its price bounds in naira at about NAIRA_PER_DOLLAR, as a
 * buyer would send them (only their shape matters here).
 */
function warmUpSearch(n: number, samples: readonly IndexedVehicle[]): VehicleSearchQuery {
  const vehicle = samples[(n * 7) % samples.length]!;
  const inNaira = (usdCents: number) => Math.round(toMajor({ amountMinor: usdCents, currency: 'USD' }) * NAIRA_PER_DOLLAR);
  // A lower bound in whole dollars, as a buyer types one.
  const wholeDollars = Math.floor(toMajor({ amountMinor: vehicle.priceUsdCents, currency: 'USD' }) / (2 + (n % 5)));
  return {
    sort: VEHICLE_SORTS[n % VEHICLE_SORTS.length]!,
    page: 1 + (n % 3),
    pageSize: 24,
    currency: 'NGN',
    ...(n % 3 !== 0 ? { priceMin: Math.round(wholeDollars * NAIRA_PER_DOLLAR) } : {}),
    ...(n % 3 === 1 ? { priceMax: inNaira(vehicle.priceUsdCents * 2) } : {}),
    ...(n & 1 ? { make: vehicle.brand } : {}),
    ...(n & 2 ? { q: vehicle.modelLower.slice(0, 3 + (n % 4)) } : {}),
    ...(n & 4 ? { yearMin: vehicle.year - (n % 3) } : {}),
    ...(n & 8 ? { condition: vehicle.condition as NonNullable<VehicleSearchQuery['condition']> } : {}),
    ...(n & 16 ? { fuel: vehicle.fuelType as NonNullable<VehicleSearchQuery['fuel']> } : {}),
    ...(n & 32 ? { location: vehicle.cityLower } : {}),
    ...(n & 64 ? { tab: vehicle.tabs[0] as InventoryTabId } : {}),
  };
}

/** The URLs of WARM_UP_REQUESTS searches of every shape, as a buyer's browser sends them. */
export function warmUpPaths(samples: readonly IndexedVehicle[]): string[] {
  if (samples.length === 0) return [];
  return Array.from({ length: WARM_UP_REQUESTS }, (_, n) => {
    const { pageSize: _pageSize, ...search } = warmUpSearch(n, samples);
    const given = Object.entries(search).filter(([, value]) => value !== undefined && value !== null && value !== '');
    return `/api/vehicles?${new URLSearchParams(given.map(([name, value]) => [name, String(value)])).toString()}`;
  });
}

/** What /api/health says of the index. */
export interface SearchIndexHealth {
  ready: boolean;
  vehicles: number;
  /** Events the vehicles projection applied that the index has not yet followed. */
  eventsBehind: number;
  /** Since the index last found itself in step with vehicle_search; null before it first did. */
  syncedSecondsAgo: number | null;
  loadMs: number | null;
  error?: string;
}

/** An index with the cards of its slots: a search takes both at once, as a rebuild replaces both at once. */
export interface SearchableCatalogue {
  readonly index: SearchIndex;
  readonly cards: CardStore;
}

/**
 * The search index of one API process, kept in step with vehicle_search: read whole at start (and after a rebuild
 * of the projection or a large change), then every SEARCH_INDEX_POLL_MS the vehicles projection's checkpoint is read
 * and the vehicles of the events it applied since are read again. PostgreSQL stays the source of truth: a process
 * that loses the database keeps answering from what it holds and catches up by itself once it is back.
 */
export class LiveSearchIndex {
  private held: SearchableCatalogue | undefined;
  private at: Checkpoint = START_OF_STORE;
  private syncedAt: number | undefined;
  private loadMs: number | undefined;
  private lastError: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private collationChecked = false;
  /** The database sorts ids otherwise than the index would: the search stays in SQL. */
  private refused = false;

  /** The first index is in place and the process is searching itself over HTTP (warmUpRequests): not yet ready. */
  private warming = false;
  private readonly pollMs: number;
  private readonly eventsPerLook: number;
  private readonly warmUpRequests: ((paths: readonly string[], signal: AbortSignal) => Promise<{ answered: number }>) | undefined;
  /** The warm-up over HTTP while it runs (it never holds up following vehicle_search), and how stop() ends it. */
  private warmingUp: Promise<void> = Promise.resolve();
  private readonly stopWarmUp = new AbortController();
  /** How the warm-up over HTTP went: searches asked, answered 2xx, in how long. */
  warmedUp: { requests: number; answered: number; ms: number } | undefined;

  /**
   * `warmUpRequests` asks this process, over HTTP, for the paths it is given: once the first index is in place, and before
   * /api/health says it is ready, so buyers' first searches do not run unoptimised code (see warmUpOverHttp).
   */
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    {
      pollMs = SEARCH_INDEX_POLL_MS,
      eventsPerLook = EVENTS_PER_LOOK,
      warmUpRequests,
    }: { pollMs?: number; eventsPerLook?: number; warmUpRequests?: (paths: readonly string[], signal: AbortSignal) => Promise<{ answered: number }> } = {},
  ) {
    this.pollMs = pollMs;
    this.eventsPerLook = eventsPerLook;
    this.warmUpRequests = warmUpRequests;
  }

  /** The index when it holds the catalogue (undefined before the first load, or where ids would sort otherwise). */
  get current(): SearchIndex | undefined {
    return this.held?.index;
  }

  /**
   * The index with the vehicles' result cards by its slots (read from vehicles with the index and kept in step with it),
   * when it holds the catalogue. Changes are made to both between two turns of the event loop, and a rebuild replaces
   * the pair: a search that took it answers from one state, whatever it awaits in between.
   */
  get catalogue(): SearchableCatalogue | undefined {
    return this.held;
  }

  /**
   * Starts loading the catalogue, then following it, without holding the API's start up: searches are answered in
   * SQL until the index is whole (/api/health says `ready`). `loaded` settles once it is, or once it was refused.
   */
  start(): void {
    this.running = this.loaded = this.begin();
  }

  /** Settles when start() has loaded the catalogue (or found it cannot, or failed once: it then retries in the background). */
  loaded: Promise<void> = Promise.resolve();

  private async begin(): Promise<void> {
    await this.catchUp().catch((error: unknown) => this.failed(error));
    this.schedule();
    await this.warmingUp;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopWarmUp.abort();
    await Promise.all([this.running, this.warmingUp]);
  }

  private schedule() {
    if (this.stopped || this.refused) return;
    this.timer = setTimeout(() => {
      this.running = this.catchUp()
        .catch((error: unknown) => this.failed(error))
        .finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref();
  }

  private failed(error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    if (message !== this.lastError) this.log.warn({ err: error }, 'search index could not follow vehicle_search; it retries');
    this.lastError = message;
  }

  /** Reads what changed since the index's checkpoint (everything, when it must). */
  async catchUp(): Promise<void> {
    if (this.collationChecked === false) {
      // Asked once PostgreSQL answers (a failure here is retried like any other).
      if (!(await collationMatchesIndex(this.db))) {
        this.refused = true;
        this.lastError = 'vehicle_search ids do not sort by code point here (collation "C", migration 0030): searches stay in SQL';
        this.log.warn(this.lastError);
        return;
      }
      this.collationChecked = true;
    }
    // Read first: vehicle_search is then at least as new as this checkpoint (a batch commits both together).
    const to = await readCheckpoint(this.db, VEHICLES_PROJECTION);
    const held = this.held;
    const index = held?.index;
    if (index && same(to, this.at)) {
      this.synced();
      return;
    }
    const changed = index && isAfter(to, this.at) ? await vehiclesChanged(this.db, this.at, to, this.eventsPerLook) : undefined;
    let firstSamples: IndexedVehicle[] | undefined;
    // Many vehicles moved out of their runs since the index was built: it is built again (the old one answering meanwhile).
    if (!index || !changed || changed.length > RELOAD_ABOVE || index.needsRebuild) {
      const started = performance.now();
      // The old index keeps answering until the new one is whole.
      const loaded = new SearchIndex();
      const samples: IndexedVehicle[] = [];
      for await (const page of everyIndexedVehicle(this.db)) {
        loaded.load(page);
        samples.push(...page.filter((_, at) => at % 500 === 0));
      }
      await loaded.buildGradually();
      const cards = await everyCard(this.db, loaded);
      if (!this.held) {
        firstSamples = samples;
        // Once, before the first index answers and /api/health calls it ready; searches answered in SQL meanwhile wait
        // for it (130-180 ms). A rebuild later leaves the old index to V8: a full collection then would hold every
        // search for its length. Worth a faster index, never one not put in place.
        const collecting = performance.now();
        try {
          collectGarbage();
          this.log.info({ gcMs: Math.round(performance.now() - collecting) }, 'heap collected after the search index was built');
        } catch (error) {
          this.log.warn({ err: error }, 'heap not collected after the search index was built');
        }
      }
      this.held = { index: loaded, cards };
      this.loadMs = Math.round(performance.now() - started);
      this.log.info({ vehicles: loaded.size, loadMs: this.loadMs }, 'search index loaded');
    } else if (changed.length > 0 && held) {
      const [rows, cards] = await Promise.all([readIndexedVehicles(this.db, changed), readCards(this.db, changed)]);
      // The index first: a vehicle whose facet values changed moves to a new slot, and its card with it.
      const slotsBefore = new Map(changed.map((id) => [id, index.slotOfId(id)]));
      const found = new Set(rows.map((row) => row.id));
      for (const id of changed) if (!found.has(id)) index.remove(id);
      for (const row of rows) index.upsert(row);
      const cardOf = new Map(cards);
      for (const id of changed) {
        const before = slotsBefore.get(id);
        const slot = index.slotOfId(id);
        if (before !== undefined && before !== slot) held.cards.delete(before);
        if (slot === undefined) continue;
        const card = cardOf.get(id);
        // A vehicle without a card (its row gone from vehicles) is left out of pages, as the SQL path leaves it out.
        if (card) held.cards.set(slot, card);
        else held.cards.delete(slot);
      }
    }
    this.at = to;
    this.synced();
    if (firstSamples && this.warmUpRequests) {
      // Not ready until it ends; set here, so /api/health never calls the process ready in between.
      this.warming = true;
      this.warmingUp = this.warmUp(firstSamples, this.warmUpRequests);
    }
  }

  private async warmUp(samples: readonly IndexedVehicle[], request: (paths: readonly string[], signal: AbortSignal) => Promise<{ answered: number }>): Promise<void> {
    const started = performance.now();
    try {
      const paths = warmUpPaths(samples);
      const { answered } = await request(paths, this.stopWarmUp.signal);
      this.warmedUp = { requests: paths.length, answered, ms: Math.round(performance.now() - started) };
      // Its requests are not logged one by one: searches that went unanswered are worth a look.
      if (answered < paths.length) this.log.warn(this.warmedUp, 'searches warmed up over HTTP, some unanswered');
      else this.log.info(this.warmedUp, 'searches warmed up over HTTP');
    } catch (error) {
      this.log.warn({ err: error }, 'searches not warmed up over HTTP');
    } finally {
      this.warming = false;
    }
  }

  private synced() {
    this.syncedAt = Date.now();
    this.lastError = undefined;
  }

  async health(): Promise<SearchIndexHealth> {
    const behindIndex = this.held ? await eventsBehind(this.db, this.at) : 0;
    const behindReadModel = (await processorsBehind(this.db, [VEHICLES_PROJECTION]))[VEHICLES_PROJECTION] ?? 0;
    return {
      ready: this.held !== undefined && !this.warming,
      vehicles: this.held?.index.size ?? 0,
      eventsBehind: Math.max(0, behindIndex - behindReadModel),
      syncedSecondsAgo: this.syncedAt === undefined ? null : Math.round((Date.now() - this.syncedAt) / 100) / 10,
      loadMs: this.loadMs ?? null,
      ...(this.lastError !== undefined ? { error: this.lastError } : {}),
    };
  }
}
