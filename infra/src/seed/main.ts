import { createDb, migrateToLatest } from '@autobest/db';
import { ConfigError, loadRuntimeConfig, requireDatabaseUrl } from '@autobest/domain';
import { seedCatalogue } from './seedCatalogue';
import { seedNewsSources, seedReviewVideos } from './news';

/** `npm run seed`: lists the shipped catalogue in an empty store, and the news feeds and review videos (the workers then project them). */
async function main(): Promise<void> {
  const config = loadRuntimeConfig(process.env);
  const db = createDb({ connectionString: requireDatabaseUrl(config), maxConnections: 2 });
  try {
    await migrateToLatest(db);
    const listed = await seedCatalogue(db);
    console.info(listed > 0 ? `Listed ${listed} vehicles.` : 'The catalogue already has vehicles; nothing seeded.');
    const sources = await seedNewsSources(db);
    const videos = await seedReviewVideos(db);
    console.info(sources + videos > 0 ? `Added ${sources} news feeds and ${videos} review videos.` : 'News feeds and review videos were already there; nothing seeded.');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
