import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart forms, for the routes of the plugin that calls this and no others: @fastify/multipart runs two hooks on
 * every request of its scope (a listener put on the reply, and a clean-up of saved files once it is sent), which the
 * routes taking no upload (a search, thousands a second) have no use for. A multipart body sent to any other route is
 * refused as a body that is not JSON (415).
 */
export async function acceptMultipartForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: true });
}
