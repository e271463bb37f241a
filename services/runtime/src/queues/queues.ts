import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * Every BullMQ queue of the product, by name: the workers consume them, the API rings or reads them, and the queue
 * dashboard and metrics list exactly these. A new queue is added here and nowhere else.
 */
export const QUEUES = {
  /** Doorbell for the projector: one job per batch of commits, plus a repeating safety net. */
  projector: 'projector',
  /** Re-encodes and erases submission photos after the projector has seen them. */
  photos: 'photos',
  /** Refreshes the exchange rates on a schedule. */
  rates: 'rates',
  /**
   * Sends the emails of the outbox: a doorbell ('doorbell', rung after the notifier recorded emails or staff asked for
   * a retry), its safety net, a start-up job and a timed 'due' job for the next retry each make the workers send every
   * due email, in batches (workers/src/emails/delivery.ts). The jobs carry no data.
   */
  email: 'deliver-email',
  /** Sends the WhatsApp outbox through the Cloud API, as deliver-email sends emails (issue 41). */
  whatsapp: 'deliver-whatsapp',
  /** Reads the news feeds on NEWS_CRON, and one feed when staff press Fetch now. */
  news: 'news-feeds',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const ALL_QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);

/** Every queue of the product by its key in QUEUES, as `openQueues` opens them. */
export type ProductQueues = { readonly [Key in keyof typeof QUEUES]: Queue };

/**
 * Opens every queue of the product on one connection: each process (the API, the workers) calls it once at start,
 * hands the queues to whatever rings, reads or schedules them, and closes them once with `closeQueues`.
 */
export function openQueues(connection: Redis, prefix: string): ProductQueues {
  return Object.fromEntries(Object.entries(QUEUES).map(([key, name]) => [key, new Queue(name, { connection, prefix })])) as ProductQueues;
}

export async function closeQueues(queues: ProductQueues): Promise<void> {
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
}
