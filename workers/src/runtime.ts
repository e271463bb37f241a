import pino, { type Logger } from 'pino';
import type { Worker } from 'bullmq';
import { createDb, migrateToLatest, type Db } from '@autobest/db';
import { requireDatabaseUrl, type RuntimeConfig } from '@autobest/domain';
import { allProjections, Projector, type Projection, type ProjectorOptions } from '@autobest/projections';
import { closeQueues, createPasswordLinkTokens, createStatusTokens, createWorkerConnection, NOTIFIER, openQueues, ProjectorDoorbell, scheduleProjectorSafetyNet } from '@autobest/runtime';
import { startProjectorWorker } from './projector/worker';
import { createMailer } from './emails/mailer';
import { createNotifier } from './emails/notifier';
import { EmailDelivery } from './emails/delivery';
import { startOutboxDeliveryWorker } from './platform/outboxDeliveryWorker';
import { createWhatsAppSender, WHATSAPP_SEND_TIMEOUT_MS } from './whatsapp/cloudApi';
import { WhatsAppDelivery } from './whatsapp/delivery';
import { startRatesWorker } from './rates/ratesWorker';
import { startNewsWorker } from './news/newsWorker';
import { FeedParsers } from './news/feedParsers';
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

/** How the news worker reads feeds: on NEWS_CRON, saying who reads them and where to find us, parsing them in `feedParsers`. */
export const newsSettings = (config: RuntimeConfig, feedParsers: FeedParsers) => ({
  cron: config.news.cron,
  allowPrivateHosts: config.news.allowPrivateHosts,
  userAgent: `AutoBestAfrica-NewsReader/1.0 (+${config.publicUrl})`,
  feedParsers,
});

/** Starts every background processor of the product; `close()` lets running jobs finish, then disconnects. */
export async function startWorkers(config: RuntimeConfig, options: StartWorkersOptions = {}): Promise<RunningWorkers> {
  const logger = options.logger ?? createLogger(config, 'workers');
  const db: Db = createDb({ connectionString: requireDatabaseUrl(config), applicationName: 'autobest-workers' });
  if (options.migrate !== false) await migrateToLatest(db);

  const connection = createWorkerConnection(config.redisUrl);
  // Every queue of the product, opened here and nowhere else in the process; each worker consumes the one it is given.
  const queues = openQueues(connection, config.queuePrefix);
  const { timeouts } = config.mail;
  const mailer = createMailer(config.mail.smtpUrl, config.mail.from, logger, timeouts);
  const notifier = createNotifier(
    {
      publicUrl: config.publicUrl,
      staffEmail: config.mail.staffNotificationEmail,
      contactPhone: config.mail.contactPhone,
    },
    config.mail.from,
  );
  // The notifier only records emails (its own checkpoint, moved in each batch's transaction with the read models); the deliver-email queue sends them.
  const projector = new Projector(db, [...(options.projections ?? allProjections), notifier], options.projectorOptions);
  await scheduleProjectorSafetyNet(queues.projector, config.projectorSafetyNetMs);
  // The photo processor records each request's outcome as events: the projector is rung for them, or the console
  // would show the photos as still being processed until the safety net's next run.
  const projectorDoorbell = new ProjectorDoorbell(queues.projector, logger);
  const photos = await startPhotoWorker(new PhotoProcessor(db, config.uploadsDir, logger), queues.photos, connection, config.queuePrefix, config.projectorSafetyNetMs, logger, () => projectorDoorbell.ring());
  // Photos to re-encode or erase come with submission events: once the projector has seen some, the photo
  // processor is rung (a burst of requests costs one ring per catch-up, and the API rings only the projector).
  const photoDoorbell = new ProjectorDoorbell(queues.photos, logger);
  // An attempt holds its email for longer than every timeout of one send together; only a worker that died
  // mid-send makes its email wait that long.
  const claimMs = timeouts.connectionMs + timeouts.greetingMs + 3 * timeouts.socketMs;
  const statusTokens = createStatusTokens(config.statusTokenSecret);
  const emails = await startOutboxDeliveryWorker(
    new EmailDelivery(db, mailer, statusTokens, createPasswordLinkTokens(config.statusTokenSecret), { ...config.mail.delivery, claimMs }, logger),
    'emails',
    queues.email,
    connection,
    config.queuePrefix,
    { safetyNetMs: config.projectorSafetyNetMs, jobLockMs: config.mail.jobLockMs },
    logger,
  );
  const whatsapp = await startOutboxDeliveryWorker(
    new WhatsAppDelivery(db, createWhatsAppSender(config.whatsapp, logger), config.whatsapp.templates, statusTokens, { ...config.whatsapp.delivery, claimMs: WHATSAPP_SEND_TIMEOUT_MS }, logger),
    'WhatsApp messages',
    queues.whatsapp,
    connection,
    config.queuePrefix,
    { safetyNetMs: config.projectorSafetyNetMs, jobLockMs: config.mail.jobLockMs },
    logger,
  );
  const workers: Worker[] = [
    startProjectorWorker(projector, queues.projector, connection, config.queuePrefix, logger, (applied) => {
      if (applied['submissions']) photoDoorbell.ring();
      // After the notifier's commit, never inside it: the emails it recorded are enqueued.
      if (applied[NOTIFIER]) {
        const written = notifier.takeWritten();
        if (written.emails) emails.doorbell.ring();
        if (written.whatsapp) whatsapp.doorbell.ring();
      }
    }),
  ];
  const rates = await startRatesWorker(db, config.rates, queues.rates, connection, config.queuePrefix, logger);
  workers.push(rates.worker);
  const feedParsers = new FeedParsers(config.news.feedParseBudgetMs);
  const news = await startNewsWorker(db, newsSettings(config, feedParsers), queues.news, connection, config.queuePrefix, logger);
  workers.push(news.worker);
  const housekeeping = startHousekeeping(db, config, logger);
  // Catch up with whatever was committed while no worker ran.
  const caughtUpQueues = [queues.projector, queues.photos, queues.email, queues.whatsapp];
  // Emails left pending by a stop or a crash go out now, not at the next ring.
  const catchUp = (reason: string) => Promise.all(caughtUpQueues.map((queue) => queue.add(reason, {}, { removeOnComplete: true, removeOnFail: 100 })));
  await catchUp('start-up');
  // A Redis that comes back empty (it kept nothing on disk, a failover, a flush) has lost the safety nets, the job
  // schedulers and every doorbell rung while it was away, though the events and the outbox are all in PostgreSQL. Each
  // time the connection is ready again the safety nets and schedules are set again and a catch-up is asked for, so
  // read models and emails do not wait for the next command.
  const afterRedisReturns = () => {
    logger.warn('Redis is back: scheduling the safety nets again and catching up');
    void Promise.all([
      ...caughtUpQueues.map((queue) => scheduleProjectorSafetyNet(queue, config.projectorSafetyNetMs)),
      rates.schedule(),
      news.schedule(),
      catchUp('redis-returned'),
    ]).catch((error: unknown) => logger.error({ err: error }, 'could not ask for a catch-up after Redis returned; the next doorbell will'));
  };
  connection.on('ready', afterRedisReturns);
  logger.info({ workers: [...workers.map((worker) => worker.name), 'photos', 'deliver-email', 'deliver-whatsapp'] }, 'workers started');

  return {
    projector,
    async close() {
      connection.off('ready', afterRedisReturns);
      await Promise.all(workers.map((worker) => worker.close()));
      // The news jobs have finished, and with them their parses: no thread is left running.
      await feedParsers.close();
      await photoDoorbell.settled();
      await photos.close();
      // Rung by the photo processor's last run; a Redis that is away does not hold the stop (the safety net covers it).
      await projectorDoorbell.settled(2_000);
      await emails.close();
      await whatsapp.close();
      await housekeeping.stop();
      await closeQueues(queues);
      connection.disconnect();
      mailer.close();
      await db.destroy();
      logger.info('workers stopped');
    },
  };
}
