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
  const housekeeping = startHousekeeping(db, config, logger);
  // Catch up with whatever was committed while no worker ran.
  const catchUp = (reason: string) => Promise.all([projectorQueue, photos.queue].map((queue) => queue.add(reason, {}, { removeOnComplete: true, removeOnFail: 100 })));
  await catchUp('start-up');
  // A Redis that comes back empty (it kept nothing on disk, a failover, a flush) has lost the safety nets and every
  // doorbell rung while it was away, though the events are all in PostgreSQL. Each time the connection is ready again
  // the safety nets are set again and a catch-up is asked for, so the read models do not wait for the next command.
  const afterRedisReturns = () => {
    logger.warn('Redis is back: scheduling the safety nets again and catching up');
    void Promise.all([scheduleProjectorSafetyNet(projectorQueue, config.projectorSafetyNetMs), scheduleProjectorSafetyNet(photos.queue, config.projectorSafetyNetMs), catchUp('redis-returned')]).catch(
      (error: unknown) => logger.error({ err: error }, 'could not ask for a catch-up after Redis returned; the next doorbell will'),
    );
  };
  connection.on('ready', afterRedisReturns);
  logger.info({ workers: [...workers.map((worker) => worker.name), 'photos'] }, 'workers started');

  return {
    projector,
    async close() {
      connection.off('ready', afterRedisReturns);
      await Promise.all(workers.map((worker) => worker.close()));
      await photoDoorbell.settled();
      await photos.close();
      await housekeeping.stop();
      await projectorQueue.close();
      await rates?.queue.close();
      connection.disconnect();
      mailer.close();
      await db.destroy();
      logger.info('workers stopped');
    },
  };
}
