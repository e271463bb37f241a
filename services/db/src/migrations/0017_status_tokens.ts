import { sql, type Kysely } from 'kysely';

/**
 * Status tokens are now an HMAC of the request's id under the server's secret, computed when needed and kept
 * nowhere. What earlier code kept in clear goes; every statement can run again without harm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Only requests made before this change have a digest to check a token against.
  await sql`alter table submissions alter column status_token_hash drop not null`.execute(db);

  // Events are facts and otherwise never change, but a working secret in them is a liability that every backup
  // and every reader of the table shares. The token gives way to its SHA-256, which is all the projection needs to
  // rebuild status_token_hash exactly as it stands, so the links owners hold in their mailboxes keep working.
  await sql`
    update events
       set data = (data - 'statusToken')
                  || jsonb_build_object('legacyStatusTokenDigest', encode(sha256(convert_to(data ->> 'statusToken', 'UTF8')), 'hex'))
     where type in ('SellCarSubmitted', 'TradeInSubmitted') and data ? 'statusToken'`.execute(db);

  // The console shows these copies to every staff member: they keep the link's shape, not a working token
  // (tokens were base64url).
  await sql`
    update sent_emails
       set text = regexp_replace(text, 'token=[A-Za-z0-9_-]+', 'token=[redacted]', 'g'),
           html = regexp_replace(html, 'token=[A-Za-z0-9_-]+', 'token=[redacted]', 'g')
     where text ~ 'token=[A-Za-z0-9_-]' or html ~ 'token=[A-Za-z0-9_-]'`.execute(db);

  // A key is now bound to a digest of its request. Earlier rows are bound to nothing and held status links in
  // clear; they live a day at most anyway, so they go: a retry in flight during the upgrade makes a new request.
  await sql`delete from idempotency_keys`.execute(db);
  await sql`alter table idempotency_keys add column if not exists request_digest text not null`.execute(db);
  // Claims sweep keys older than a day.
  await sql`create index if not exists idempotency_keys_created_at on idempotency_keys (created_at)`.execute(db);
}

/** The tokens and status links removed above are gone for good; only the schema goes back. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists idempotency_keys_created_at`.execute(db);
  await sql`alter table idempotency_keys drop column if exists request_digest`.execute(db);
}
