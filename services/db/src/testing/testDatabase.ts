import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { testDatabaseTemplate, testInfrastructure } from '@autobest/domain/testing';
import { createDb, migrateToLatest, type Db } from '../connection';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

const databaseName = (label: string) => `autobest_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;

async function asAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A fresh, migrated database of its own for one test file; `drop()` removes it. A copy of the run's template
 * (testDatabaseTemplate) when there is one; migrating it then finds nothing left to do.
 */
export async function createTestDatabase(label = 'test', { icuLocale }: { icuLocale?: string } = {}): Promise<TestDatabase> {
  const adminUrl = testInfrastructure(process.env).databaseUrl;
  const template = testDatabaseTemplate(process.env);
  const name = databaseName(label);
  // `icuLocale`: text sorts as that language's ICU collation does (as a database made with one would), migrated from empty.
  const create =
    icuLocale !== undefined
      ? `create database ${name} template template0 locale_provider icu icu_locale ${pg.escapeLiteral(icuLocale)} locale 'C.UTF-8'`
      : template === undefined
        ? `create database ${name}`
        : `create database ${name} template ${template}`;
  await asAdmin(adminUrl, (admin) => admin.query(create));
  const db = createDb({ connectionString: urlOf(adminUrl, name), maxConnections: 20, applicationName: `autobest-${label}` });
  await migrateToLatest(db);
  return {
    url: urlOf(adminUrl, name),
    db,
    async drop() {
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await asAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
}

/**
 * The run's template: a database migrated to the latest schema, with no connection left open (PostgreSQL copies
 * only a database nobody is connected to). `drop()` removes it at the end of the run.
 */
export async function createTemplateDatabase(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = databaseName('template');
  await asAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const db = createDb({ connectionString: urlOf(adminUrl, name), maxConnections: 1, applicationName: 'autobest-test-template' });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return { name, drop: () => dropDatabase(adminUrl, name) };
}

/**
 * Waits until `readAll` can see every committed event. It reads only below the cluster-wide snapshot horizon, which a
 * transaction in another test file's database holds back for as long as that transaction is open; a test that needs
 * "everything appended so far" in one read waits for this first.
 */
export async function untilEveryEventReadable(db: Db, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ hidden: number }>`
      select count(*)::int as hidden from events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())`.execute(db);
    if (Number(rows[0]?.hidden ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]?.hidden} events still below the snapshot horizon after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
