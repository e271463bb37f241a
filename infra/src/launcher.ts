import { createDb, migrateToLatest } from '@autobest/db';
import { ConfigError, loadRuntimeConfig, requireDatabaseUrl } from '@autobest/domain';
import { startApiProcesses } from '@autobest/api';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedDatabase } from './embeddedPostgres';
import { findOrStartRedis, RedisUnavailableError, type LocalRedis } from './localRedis';
import { announceRunningProduct } from './runningProduct';
import { seedCatalogue } from './seed/seedCatalogue';
import { seedNewsSources, seedReviewVideos } from './seed/news';
import { keptStatusTokenSecret } from './statusTokenSecret';
import { startWorkersProcess, type WorkersProcess } from './workersProcess';

const log = (line: string) => console.info(`[autobest] ${line}`);

/**
 * `npm start`: the whole product on one port with embedded defaults. PostgreSQL and Redis come from
 * DATABASE_URL / REDIS_URL when set, otherwise from DATA_DIR and the local machine.
 */
async function main(): Promise<void> {
  // The launcher is the one place that looks at the raw environment, to know what it must provide itself.
  const env = { ...process.env };
  const stops: Array<() => Promise<void>> = [];
  let workers: WorkersProcess | undefined;
  let stopping = false;
  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log('Stopping...');
    // Ctrl-C reaches the workers process too, and it stops on its own while the API stops: not started again.
    workers?.stopping();
    for (const stop of stops.reverse()) {
      await stop().catch((error: unknown) => console.error(error));
    }
    log('Stopped.');
    process.exit(exitCode);
  };
  // Every time, not once: under `npm start` a Ctrl-C comes twice (from the terminal, and passed on by tsx), and a second
  // one with no listener would end the launcher in the middle of stopping (its PostgreSQL and running.json left).
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    const preliminary = loadRuntimeConfig(env);
    if (!env['DATABASE_URL']) {
      const database: EmbeddedDatabase = await startEmbeddedPostgres(preliminary.dataDir, log);
      stops.push(database.stop);
      env['DATABASE_URL'] = database.url;
    }
    if (!env['REDIS_URL']) {
      const redis: LocalRedis = await findOrStartRedis(preliminary.dataDir, log);
      stops.push(redis.stop);
      env['REDIS_URL'] = redis.url;
    }
    if (!env['STATUS_TOKEN_SECRET']) env['STATUS_TOKEN_SECRET'] = await keptStatusTokenSecret(preliminary.dataDir, log);
    const config = loadRuntimeConfig(env);

    const db = createDb({ connectionString: env['DATABASE_URL'], maxConnections: 1 });
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log(`Migrations applied: ${applied.join(', ')}`);
    const seeded = await seedCatalogue(db);
    if (seeded > 0) log(`Catalogue seeded with ${seeded} vehicles`);
    const [sources, videos] = [await seedNewsSources(db), await seedReviewVideos(db)];
    if (sources + videos > 0) log(`News seeded with ${sources} feeds and ${videos} review videos`);
    await db.destroy();
    // `npm run staff` beside this launcher uses its database (an embedded one cannot be opened twice) and its secret.
    stops.push(await announceRunningProduct(config.dataDir, { databaseUrl: requireDatabaseUrl(config), publicUrl: config.publicUrl, statusTokenSecret: config.statusTokenSecret }));

    // Their own process at a lower priority, so the API answers first when the machine is busy (workersProcess.ts).
    workers = await startWorkersProcess(env, config.workersNice, log);
    stops.push(workers.close);
    // As API_PROCESSES says (one per CPU by default), through the primary `npm run start:api` has.
    const api = await startApiProcesses(config, env);
    stops.push(api.close);
    if (api.processes > 1) log(`API serving from ${api.processes} processes (API_PROCESSES)`);

    const base = config.publicUrl.replace(/\/$/, '');
    log(`AutoBest Africa is running:`);
    log(`  storefront  ${base}/`);
    log(`  console     ${base}/admin`);
    log(`  API docs    ${base}/api/docs`);
    log(`Press Ctrl-C to stop.`);
  } catch (error) {
    if (error instanceof EmbeddedPostgresError || error instanceof RedisUnavailableError || error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error(error);
    }
    await stopAll(1);
  }
}

void main();
