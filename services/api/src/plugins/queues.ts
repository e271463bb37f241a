import fp from 'fastify-plugin';
import { Queue } from 'bullmq';
import { ALL_QUEUE_NAMES, QUEUES, type QueueName } from '@autobest/runtime';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every queue of the product (QUEUES), on the API's fail-fast Redis connection: to read, never to consume. */
    queues: ReadonlyMap<QueueName, Queue>;
  }
}

/** The queues the dashboard shows and the metrics count, opened once; the projector's is the one commands ring. */
export const queuesPlugin = fp(
  async (app) => {
    const opened: Queue[] = [];
    const queues = new Map<QueueName, Queue>(
      ALL_QUEUE_NAMES.map((name) => {
        if (name === QUEUES.projector) return [name, app.projectorQueue];
        const queue = new Queue(name, { connection: app.redis, prefix: app.config.queuePrefix });
        opened.push(queue);
        return [name, queue];
      }),
    );
    app.decorate('queues', queues);
    app.addHook('onClose', async () => {
      await Promise.all(opened.map((queue) => queue.close()));
    });
  },
  { name: 'queues', dependencies: ['infrastructure'] },
);
