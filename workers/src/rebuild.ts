import { createDb, migrateToLatest } from '@autobest/db';
import { ConfigError, loadRuntimeConfig, requireDatabaseUrl } from '@autobest/domain';
import { allProjections, Projector } from '@autobest/projections';

/**
 * `npm run projections:rebuild [-- name ...]`: drops and replays the read models from the events.
 * Safe while workers run: the rebuild holds each projection's checkpoint lock while it truncates.
 */
async function main(): Promise<void> {
  const config = loadRuntimeConfig(process.env);
  const db = createDb({ connectionString: requireDatabaseUrl(config), applicationName: 'autobest-rebuild' });
  try {
    await migrateToLatest(db);
    const names = process.argv.slice(2);
    const started = Date.now();
    const { applied } = await new Projector(db, allProjections).rebuild(names);
    for (const [name, count] of Object.entries(applied)) console.info(`${name}: ${count} events applied`);
    console.info(`Rebuilt in ${Date.now() - started} ms`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
