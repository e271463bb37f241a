import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { ControllerHandlerReturnType } from '@bull-board/api/typings/app';
import { QUEUE_DASHBOARD_PREFIX } from './auth';
import { HttpError } from '../http/errors';

const API = `${QUEUE_DASHBOARD_PREFIX}/api/`;
const STATIC = `${QUEUE_DASHBOARD_PREFIX}/static`;

/**
 * What staff may change from the dashboard: retry, clean and promote jobs, pause and resume a queue, run a job
 * scheduler now. Everything else bull-board offers rewrites what the workers are asked to do (add a job, edit its
 * data, delay or priority, a scheduler's pattern, concurrency and rate limits) or throws work away wholesale (empty or
 * obliterate a queue, remove a scheduler, clean waiting jobs): a job's data is an instruction to the workers (a
 * news job names the feed it reads), and schedulers are set by the workers' own code at start. Those answer
 * 403. Reading is always allowed.
 */
const ALLOWED_ACTIONS = new Set([
  `PUT ${API}queues/:queueName/retry/:queueStatus`,
  `PUT ${API}queues/:queueName/clean/:queueStatus`,
  `PUT ${API}queues/:queueName/promote`,
  `PUT ${API}queues/:queueName/pause`,
  `PUT ${API}queues/:queueName/resume`,
  `PUT ${API}queues/:queueName/:jobId/retry`,
  `PUT ${API}queues/:queueName/:jobId/clean`,
  `PUT ${API}queues/:queueName/:jobId/promote`,
  `PUT ${API}queues/:queueName/job-schedulers/:schedulerId/run`,
]);
/** Jobs that are finished either way; cleaning waiting or delayed ones would drop work not yet done. */
const CLEANABLE_STATUSES = new Set(['completed', 'failed']);

const READ_METHODS = new Set(['GET', 'HEAD']);

function isAllowedAction(request: FastifyRequest): boolean {
  if (READ_METHODS.has(request.method)) return true;
  const action = `${request.method} ${request.routeOptions.url}`;
  if (!ALLOWED_ACTIONS.has(action)) return false;
  if (action === `PUT ${API}queues/:queueName/clean/:queueStatus`) return CLEANABLE_STATUSES.has((request.params as { queueStatus?: string }).queueStatus ?? '');
  return true;
}

const actionRefused = () =>
  new HttpError(403, 'queue_action_refused', 'From the queue dashboard staff retry, clean, promote, pause and resume jobs; the workers set the rest');

/** bull-board's page asks Google for its fonts; the dashboard uses the browser's own (no third party, no outside network). */
const THIRD_PARTY_FONTS = /<link[^>]*href="https:\/\/fonts\.googleapis\.com[^"]*"[^>]*>\s*/g;

/**
 * The queue dashboard: bull-board at /admin/queues over every queue of the product (app.queues). Access is the auth
 * plugin's, decided on the matched route like every staff route (a session on every page, API call and file; the
 * `queues.operate` permission; same-site state changes; no-store), and staff may only take the actions above. Its
 * pages have their own Content-Security-Policy (plugins/securityHeaders.ts).
 */
export const queueDashboardPlugin: FastifyPluginAsync = async (app) => {
  const board = new FastifyAdapter();
  createBullBoard({
    queues: Object.values(app.queues).map((queue) => new BullMQAdapter(queue)),
    serverAdapter: board,
    options: {
      uiConfig: {
        boardTitle: 'AutoBest queues',
        hideDocsLink: true,
        miscLinks: [{ text: 'Staff console', url: '/admin' }],
      },
    },
  });
  // bull-board answers its errors itself (with stack traces in development); ours have our shape and hide internals.
  // (Its type lists only the statuses bull-board sends itself; 401 and the rest pass through unchanged.)
  const answer = (status: number, error: string, message: string) => ({ status, body: { error, message } }) as ControllerHandlerReturnType;
  board.setErrorHandler((error: Error & { statusCode?: number; code?: string }) => {
    if (error instanceof HttpError) return answer(error.statusCode, error.code, error.message);
    const status = error.statusCode ?? 500;
    if (status < 500) return answer(status, (error.code ?? 'bad_request').toLowerCase(), error.message);
    app.log.error({ err: error }, 'queue dashboard request failed');
    return answer(500, 'internal_error', 'Something went wrong on our side. Please try again.');
  });

  // Every route bull-board registers is marked here, before it exists: the auth plugin then reads these marks on the
  // matched route, so no spelling of a path reaches one without them.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const page = methods.includes('GET') && !route.url.startsWith(API) && !route.url.startsWith(STATIC);
    route.config = { ...route.config, staffPermission: 'queues.operate', ...(page ? { staffPage: true } : {}) };
  });
  app.addHook('preHandler', async (request) => {
    if (!isAllowedAction(request)) throw actionRefused();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Also over @fastify/static's own Cache-Control on bull-board's files.
    reply.header('Cache-Control', 'no-store');
    if (request.routeOptions.config.staffPage && typeof payload === 'string') return payload.replace(THIRD_PARTY_FONTS, '');
    return payload;
  });

  await app.register(board.registerPlugin(), { prefix: QUEUE_DASHBOARD_PREFIX });
};
