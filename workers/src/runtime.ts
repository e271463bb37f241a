import pino, { type Logger } from 'pino';
import type { Worker } from 'bullmq';
import { createDb, migrateToLatest, type Db } from '@autobest/db';
import { requireDatabaseUrl, type RuntimeConfig } from '@autobest/domain';
import {
  allProjections,
  createProjectorQueue,
  createStatusTokens,
  createWorkerConnection,
  Projector,
  ProjectorDoorbell,
  scheduleProjectorSafetyNet,
  type Projection,
  type ProjectorOptions,
} from '@autobest/projections';
import { startProjectorWorker } from './projector/worker';
import { createMailer } from './notifier/mailer';
import { createNotifier } from './notifier/notifier';
import { startRatesWorker } from './rates/ratesWorker';
import { startNewsWorker } from './news/newsWorker';
import { startHousekeeping } from './housekeeping/housekeeping';
import { PhotoProcessor } from './photos/photoProcessor';
import { startPhotoWorker } from './photos/worker';

export interface RunningWorkers {
  projector: Projector;
  close(): Promise<void>;
}

export interface StartWorkersOptions {
  logger?: Logger;
  projections?: readonly Projection[];
  projectorOptions?: ProjectorOptions;
  /** Skip migrations when the caller already ran them. */
  migrate?: boolean;
}

export function createLogger(config: RuntimeConfig, name: string): Logger {
  return pino({ name, level: config.logLevel });
}

/** How the news worker reads feeds: on NEWS_CRON, saying who reads them and where to find us. */
export const newsSettings = (config: RuntimeConfig) => ({
  cron: config.news.cron,
  allowPrivateHosts: config.news.allowPrivateHosts,
  userAgent: `AutoBestAfrica-NewsReader/1.0 (+${config.publicUrl})`,
});

/** Starts every background processor of the product; `close()` lets running jobs finish, then disconnects. */
export async function startWorkers(config: RuntimeConfig, options: StartWorkersOptions = {}): Promise<RunningWorkers> {
  const logger = options.logger ?? createLogger(config, 'workers');
  const db: Db = createDb({ connectionString: requireDatabaseUrl(config), applicationName: 'autobest-workers' });
  if (options.migrate !== false) await migrateToLatest(db);

  const connection = createWorkerConnection(config.redisUrl);
  const mailer = createMailer(config.mail.smtpUrl, config.mail.from, logger);
  const notifier = createNotifier(
    mailer,
    {
      publicUrl: config.publicUrl,
      staffEmail: config.mail.staffNotificationEmail,
      contactPhone: config.mail.contactPhone,
    },
    createStatusTokens(config.statusTokenSecret),
  );
  // Read models first, then side effects: an email never waits on a slow mail server before a row appears.
  const projector = new Projector(db, [...(options.projections ?? allProjections), notifier], options.projectorOptions);
  const projectorQueue = createProjectorQueue(connection, config.queuePrefix);
  await scheduleProjectorSafetyNet(projectorQueue, config.projectorSafetyNetMs);
  const photos = await startPhotoWorker(new PhotoProcessor(db, config.uploadsDir, logger), connection, config.queuePrefix, config.projectorSafetyNetMs, logger);
  // Photos to re-encode or erase come with submission events: once the projector has seen some, the photo
  // processor is rung (a burst of requests costs one ring per catch-up, and the API rings only the projector).
  const photoDoorbell = new ProjectorDoorbell(photos.queue, logger);
  const workers: Worker[] = [
    startProjectorWorker(projector, connection, config.queuePrefix, logger, (applied) => {
      if (applied['submissions']) photoDoorbell.ring();
    }),
  ];
  const rates = await startRatesWorker(db, config.rates, connection, config.queuePrefix, logger);
  if (rates) workers.push(rates.worker);
  const news = await startNewsWorker(db, newsSettings(config), connection, config.queuePrefix, logger);
  workers.push(news.worker);
  const housekeeping = startHousekeeping(db, config, logger);
  // Catch up with whatever was committed while no worker ran.
  await projectorQueue.add('start-up', {}, { removeOnComplete: true, removeOnFail: 100 });
  await photos.queue.add('start-up', {}, { removeOnComplete: true, removeOnFail: 100 });
  logger.info({ workers: [...workers.map((worker) => worker.name), 'photos'] }, 'workers started');

  return {
    projector,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await photoDoorbell.settled();
      await photos.close();
      await housekeeping.stop();
      await projectorQueue.close();
      await rates?.queue.close();
      await news.queue.close();
      connection.disconnect();
      mailer.close();
      await db.destroy();
      logger.info('workers stopped');
    },
  };
}
