import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart forms, for the routes of the plugin that calls this (the three plugins with an upload route) and no
 * others: @fastify/multipart runs two hooks on every request of its scope (a listener put on the reply, and a clean-up
 * of saved files once it is sent), which the rest of the API (a search, thousands a second) has no use for. A multipart
 * body sent to a route outside those plugins is refused as a body that is not JSON (415); inside them, a JSON route
 * still reads it as a form, and refuses it field by field (400). Its request methods (`request.file()` and the rest)
 * are typed on every request but exist only in those plugins: a new upload route goes into one of them, or calls this.
 */
export async function acceptMultipartForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: true });
}
