import { sql, type Kysely } from 'kysely';

/**
 * News and review videos (issue 15). Two kinds of tables: read models the projector builds from staff commands
 * (news_sources, news_article_moderation, review_videos; a rebuild truncates and replays them), and rows the news
 * worker writes from what feeds give (news_articles, news_fetch_states): external data, not decisions, so no events.
 * Neither kind refers to the other with a foreign key: a rebuild empties a read model while the worker's rows stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table news_sources (
      id uuid primary key,
      name text not null,
      url text not null,
      region text not null check (region in ('african', 'global')),
      category text not null,
      enabled boolean not null,
      history jsonb not null default '[]',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      version integer not null,
      global_position bigint not null
    )`.execute(db);

  await sql`
    create table news_fetch_states (
      source_id uuid primary key,
      last_fetched_at timestamptz,
      last_success_at timestamptz,
      items integer not null default 0,
      consecutive_failures integer not null default 0,
      last_error text,
      next_attempt_at timestamptz,
      etag text,
      last_modified text,
      validators_url text,
      lease_until timestamptz,
      fetch_requested_at timestamptz
    )`.execute(db);

  await sql`
    create table news_articles (
      id text primary key,
      source_id uuid not null,
      title text not null,
      excerpt text not null,
      url text not null,
      image text not null,
      category text not null,
      publish_date timestamptz not null,
      dated boolean not null,
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now()
    )`.execute(db);
  // Visitors read newest first; staff filter by source; the worker keeps each source's newest.
  await sql`create index news_articles_newest on news_articles (publish_date desc, id)`.execute(db);
  await sql`create index news_articles_source on news_articles (source_id, publish_date desc, id)`.execute(db);

  await sql`
    create table news_article_moderation (
      article_id text primary key,
      hidden boolean not null default false,
      featured boolean not null default false,
      history jsonb not null default '[]',
      global_position bigint not null
    )`.execute(db);
  // One article at most at the top of the ticker.
  await sql`create unique index news_article_featured_once on news_article_moderation (featured) where featured`.execute(db);

  await sql`
    create table review_videos (
      id uuid primary key,
      title text not null,
      description text not null,
      brand text not null,
      model text not null,
      category text not null,
      thumbnail text not null,
      video_url text not null,
      duration text not null,
      rating double precision not null,
      views bigint not null,
      channel text not null,
      publish_date text not null check (publish_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      history jsonb not null default '[]',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      version integer not null,
      global_position bigint not null
    )`.execute(db);
  await sql`create index review_videos_newest on review_videos (publish_date desc, id)`.execute(db);
  await sql`create index review_videos_most_viewed on review_videos (views desc, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['review_videos', 'news_article_moderation', 'news_articles', 'news_fetch_states', 'news_sources']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
