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
  /** Sends each email of the outbox. */
  email: 'deliver-email',
  /** Reads the news feeds on NEWS_CRON, and one feed when staff press Fetch now. */
  news: 'news-feeds',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const ALL_QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES);
