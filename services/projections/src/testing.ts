import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '@autobest/db';
import { testInfrastructure } from '@autobest/domain/testing';
import type { Projection } from './projector/projection';
import { Projector } from './projector/projector';
import { allProjections } from './projections';

export interface TestQueues {
  redisUrl: string;
  prefix: string;
  /** Deletes every key under the prefix. */
  drop(): Promise<void>;
}

/** A BullMQ key prefix of one test file's own, so files running in parallel never share a queue. */
export function createTestQueues(label: string): TestQueues {
  const { redisUrl } = testInfrastructure(process.env);
  const prefix = `autobest-test-${label}-${randomBytes(4).toString('hex')}`;
  return {
    redisUrl,
    prefix,
    async drop() {
      const redis = new Redis(redisUrl);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

/**
 * Catches up until the projector has applied every committed event. One pass can stop short: it reads only below
 * the cluster-wide snapshot horizon, which a transaction elsewhere on the same PostgreSQL (another test file's
 * database) holds back for as long as it is open.
 */
export async function catchUpCompletely(projector: Projector, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await projector.catchUp();
    const lag = await projector.lag();
    if (Object.values(lag).every((behind) => behind === 0)) return;
    if (Date.now() > deadline) throw new Error(`Read models still behind after ${timeoutMs} ms: ${JSON.stringify(lag)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface SamplePhotoOptions {
  width?: number;
  height?: number;
  format?: 'jpeg' | 'png';
  quality?: number;
  /** What a phone writes: EXIF orientation 6 (rotate 90° to view), camera make, a GPS position, XMP and a P3 ICC profile. */
  phoneMetadata?: boolean;
}

/**
 * A real photo for tests and benchmarks: a gradient with seeded grain, so it compresses like a photograph (about
 * 300 KB at 1600 × 1200, quality 60) and is the same on every run.
 */
export async function samplePhoto({ width = 64, height = 48, format = 'jpeg', quality = 80, phoneMetadata = false }: SamplePhotoOptions = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648) * 40;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const wave = (Math.sin(x / 37) * Math.cos(y / 23) + 1) * 60;
      pixels[offset] = (x / 7 + wave + grain()) & 255;
      pixels[offset + 1] = (y / 5 + wave + grain()) & 255;
      pixels[offset + 2] = ((x + y) / 9 + grain()) & 255;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  image = format === 'jpeg' ? image.jpeg({ quality }) : image.png();
  if (!phoneMetadata) return image.toBuffer();
  return image
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneCo', Model: 'Camera 12' },
      // Lagos, as degrees/minutes/seconds rationals.
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 55/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 40/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Seller Home"/></rdf:RDF></x:xmpmeta>')
    .withIccProfile('p3')
    .toBuffer();
}

/**
 * A projection that counts how often each `Counted` event reached it (in test_applied_events, made by
 * createRecordingTable): the proof of exactly-once application.
 */
export const recordingProjection: Projection = {
  name: 'test-recording',
  tables: ['test_applied_events'],
  handles: new Set(['Counted']),
  async apply(trx, events) {
    await sql`
      insert into test_applied_events (event_id, times)
      select unnest(${events.map((event) => event.eventId)}::uuid[]), 1
      on conflict (event_id) do update set times = test_applied_events.times + 1`.execute(trx);
  },
};

export async function createRecordingTable(db: Db): Promise<void> {
  await sql`create table test_applied_events (event_id uuid primary key, times int not null)`.execute(db);
}

/** How often recordingProjection applied each event. */
export async function appliedCounts(db: Db): Promise<Array<{ event_id: string; times: number }>> {
  const rows = await sql<{ event_id: string; times: number }>`select event_id, times from test_applied_events`.execute(db);
  return rows.rows;
}

/** The ids of every `Counted` event in the store, sorted. */
export async function countedEventIds(db: Db): Promise<string[]> {
  const rows = await sql<{ event_id: string }>`select event_id from events where type = 'Counted'`.execute(db);
  return rows.rows.map((row) => row.event_id).sort();
}

/**
 * Columns a rebuild cannot reproduce: when the row was written (`default clock_timestamp()`), there to measure
 * projection lag. Everything else must come back the same.
 */
const WRITTEN_AT_COLUMNS = ['projected_at'];

/**
 * Keys drawn from a sequence, which never goes back: a rebuild draws new numbers, and a batch rolled back by a kill
 * burns some. They are compared by what they stand for: the key left out of its own table, and each reference to it
 * replaced by the row it points at. Rows nothing refers to are left out: the vehicles projection adds a combination of
 * facet values when a vehicle first has it and never removes one, so a vehicle that changed between two batches leaves
 * its old combination behind live, where a rebuild that reads both changes in one batch never makes it (searches join
 * the combinations their rows refer to, and see none of those).
 */
const SEQUENCE_KEYS = [{ table: 'vehicle_facet_combinations', key: 'id', referencedBy: [{ table: 'vehicle_search', column: 'facets_id' }] }];

function rowsAsJson(table: string) {
  const keyed = SEQUENCE_KEYS.find((sequence) => sequence.table === table);
  const ignored = [...WRITTEN_AT_COLUMNS, ...(keyed ? [keyed.key] : [])];
  if (keyed) {
    const referenced = sql.join(keyed.referencedBy.map((by) => sql`exists (select from ${sql.table(by.table)} r where r.${sql.ref(by.column)} = t.${sql.ref(keyed.key)})`), sql` or `);
    return sql<{ row: string }>`select (to_jsonb(t) - ${sql.val(ignored)}::text[])::text as row from ${sql.table(table)} t where ${referenced}`;
  }
  const reference = SEQUENCE_KEYS.flatMap((sequence) => sequence.referencedBy.filter((by) => by.table === table).map((by) => ({ ...by, sequence })))[0];
  if (!reference) return sql<{ row: string }>`select (to_jsonb(t) - ${sql.val(ignored)}::text[])::text as row from ${sql.table(table)} t`;
  const { column, sequence } = reference;
  return sql<{ row: string }>`
    select ((to_jsonb(t) - ${sql.val([...ignored, column])}::text[]) || jsonb_build_object(${sql.val(column)}::text, to_jsonb(r) - ${sql.val(sequence.key)}::text))::text as row
    from ${sql.table(table)} t left join ${sql.table(sequence.table)} r on r.${sql.ref(sequence.key)} = t.${sql.ref(column)}`;
}

/** The rows of every table of the projections (all by default), as canonical JSON, sorted: as a rebuild must reproduce them. */
export async function readModelRows(db: Db, projections: readonly Projection[] = allProjections): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of projections.flatMap((projection) => projection.tables)) {
    rows[table] = (await rowsAsJson(table).execute(db)).rows.map((row) => row.row).sort();
  }
  return rows;
}

/**
 * Drops and replays the read models of the projections (all by default: what `npm run projections:rebuild` does), and
 * tells per table what differs from the rows before: an empty object when the read models were exactly what the events
 * say. Call it with no projector running.
 */
export async function differencesFromRebuild(
  db: Db,
  projections: readonly Projection[] = allProjections,
): Promise<Record<string, { rows: number; rebuilt: number; onlyBefore: string[]; onlyRebuilt: string[] }>> {
  const before = await readModelRows(db, projections);
  const projector = new Projector(db, projections);
  await projector.rebuild();
  await catchUpCompletely(projector);
  const rebuilt = await readModelRows(db, projections);
  const differences: Awaited<ReturnType<typeof differencesFromRebuild>> = {};
  for (const [table, rows] of Object.entries(before)) {
    const again = rebuilt[table] ?? [];
    if (JSON.stringify(rows) === JSON.stringify(again)) continue;
    const onlyBefore = rows.filter((row) => !again.includes(row));
    const onlyRebuilt = again.filter((row) => !rows.includes(row));
    differences[table] = { rows: rows.length, rebuilt: again.length, onlyBefore: onlyBefore.slice(0, 3), onlyRebuilt: onlyRebuilt.slice(0, 3) };
  }
  return differences;
}
