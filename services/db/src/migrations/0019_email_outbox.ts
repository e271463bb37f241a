import { sql, type Kysely } from 'kysely';

/**
 * sent_emails becomes the email outbox. The notifier used to talk to the mail server inside its projection
 * transaction and write a row once the server had taken the email; now it only writes the row (pending), and the
 * deliver-email queue sends it later, with retries, recording each attempt here. The table keeps its name: migrations
 * before this one (0017) and every reader know it by that name, and it still is the record of what went to whom.
 * Every statement can run again without harm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every row so far went out (or to the log) when it was written: it is sent, after one attempt, created when sent.
  await sql`
    alter table sent_emails
      add column if not exists status text not null default 'sent' check (status in ('pending', 'sent', 'failed')),
      add column if not exists attempts integer not null default 1,
      add column if not exists last_error text,
      add column if not exists created_at timestamptz,
      add column if not exists next_attempt_at timestamptz,
      add column if not exists claimed_until timestamptz,
      add column if not exists status_token_for text`.execute(db);
  await sql`update sent_emails set created_at = sent_at where created_at is null`.execute(db);
  // From now on the writer says what it records: a row is pending until the deliverer says otherwise.
  await sql`
    alter table sent_emails
      alter column status drop default,
      alter column attempts set default 0,
      alter column created_at set not null,
      alter column created_at set default now(),
      alter column sent_at drop not null,
      alter column sent_at drop default,
      alter column transport drop not null`.execute(db);

  await sql`drop index if exists sent_emails_newest`.execute(db);
  await sql`create index if not exists sent_emails_newest on sent_emails (created_at desc)`.execute(db);
  // The deliverer's scan for due emails and the backlog that health and the QA checks report: only unsent rows,
  // a handful however large the table grows.
  await sql`create index if not exists sent_emails_pending on sent_emails (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index if not exists sent_emails_failed on sent_emails (created_at) where status = 'failed'`.execute(db);
}

/** Emails not yet sent cannot be told apart from sent ones in the old shape: they go, so no one takes them as sent. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sent_emails where status <> 'sent'`.execute(db);
  await sql`drop index if exists sent_emails_failed`.execute(db);
  await sql`drop index if exists sent_emails_pending`.execute(db);
  await sql`drop index if exists sent_emails_newest`.execute(db);
  await sql`
    alter table sent_emails
      alter column transport set not null,
      alter column sent_at set default now(),
      alter column sent_at set not null,
      drop column if exists status_token_for,
      drop column if exists claimed_until,
      drop column if exists next_attempt_at,
      drop column if exists created_at,
      drop column if exists last_error,
      drop column if exists attempts,
      drop column if exists status`.execute(db);
  await sql`create index if not exists sent_emails_newest on sent_emails (sent_at desc)`.execute(db);
}
