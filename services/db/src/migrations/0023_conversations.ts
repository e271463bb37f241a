import { sql, type Kysely } from 'kysely';

/**
 * Tara's conversations (issue 16) as staff list, search and follow them up, and the analytics funnel counts them:
 * read models of the `conversation-{id}` streams. The budget is kept in columns of its own (amount in major units of
 * its currency) so the console can sort and filter on it; `search_text` gathers what `q` looks in (the lead's name
 * and contacts, and the transcript). Messages are rows of their own, ordered by their event's stream position.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table conversations (
      id uuid primary key,
      language text not null,
      currency text not null,
      entry text,
      topic text,
      stage text not null check (stage in ('greeting', 'needs-assessment', 'vehicle-selection', 'pricing-options')),
      context jsonb not null,
      budget_amount numeric,
      budget_currency text,
      vehicle_type text,
      usage text,
      started_at timestamptz not null,
      last_message_at timestamptz not null,
      message_count integer not null default 0,
      vehicles_shown jsonb not null default '[]',
      lead_name text,
      lead_phone text,
      lead_email text,
      handed_off_at timestamptz,
      search_text text not null default '',
      status text not null default 'new' check (status in ('new', 'contacted', 'closed')),
      status_history jsonb not null default '[]',
      notes jsonb not null default '[]',
      last_updated timestamptz,
      version integer not null,
      global_position bigint not null
    )`.execute(db);
  // The console lists newest first, alone, within one stage or status, leads first; the funnel counts a period of
  // starts; the retention sweep finds idle conversations that left no contact.
  await sql`create index conversations_started on conversations (started_at desc, id)`.execute(db);
  await sql`create index conversations_stage_started on conversations (stage, started_at desc, id)`.execute(db);
  await sql`create index conversations_status_started on conversations (status, started_at desc, id)`.execute(db);
  await sql`create index conversations_leads on conversations (handed_off_at desc, id) where handed_off_at is not null`.execute(db);
  await sql`create index conversations_without_contact on conversations (last_message_at) where handed_off_at is null`.execute(db);

  await sql`
    create table conversation_messages (
      conversation_id uuid not null references conversations (id) on delete cascade,
      position integer not null,
      id text not null,
      is_user boolean not null,
      content text not null,
      citations jsonb not null default '[]',
      at timestamptz not null,
      primary key (conversation_id, position)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table conversation_messages`.execute(db);
  await sql`drop table conversations`.execute(db);
}
