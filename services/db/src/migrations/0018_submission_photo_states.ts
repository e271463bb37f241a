import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Photos used to be kept as sent and served as such. Each read-model photo now has a state; the ones already
  // stored wait for the photo processor like new ones (it starts from the first event: it re-encodes them and
  // deletes the originals, and erases the files of requests deleted before). Under the projection's checkpoint
  // lock, as in 0014, so no batch writes submissions meanwhile.
  await sql`update processor_checkpoints set updated_at = now() where processor_name = 'submissions'`.execute(db);
  await sql`
    update submissions
    set photos = (
      select coalesce(jsonb_agg(jsonb_build_object('slot', photo->'slot', 'label', photo->'label', 'state', 'processing') order by position), '[]'::jsonb)
      from jsonb_array_elements(photos) with ordinality as listed (photo, position)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The original file names are in the events; rebuild the read model (npm run projections:rebuild) after going back.
  await sql`update submissions set photos = '[]'::jsonb`.execute(db);
}
