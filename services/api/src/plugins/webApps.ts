import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

const repoPath = (relative: string) => fileURLToPath(new URL(`../../../../${relative}`, import.meta.url));

/** Spec addresses of staff screens and where they are in the console. */
export const STAFF_ADDRESSES: Readonly<Record<string, string>> = {
  '/inventory-qa': '/admin/inventory-qa',
  '/vehicle-data-collection': '/admin/vehicle-data-collection',
  '/qa-test': '/admin/qa-test',
  '/admin/trade-in': '/admin/trade-in-submissions',
  '/admin/trade-in/:id': '/admin/trade-in-submissions/:id/show',
  '/admin/sell-car': '/admin/sell-car-submissions',
  '/admin/sell-car/:id': '/admin/sell-car-submissions/:id/show',
};

export interface WebAppsOptions {
  storefrontDir?: string;
  adminDir?: string;
}

/**
 * Serves the built storefront (the build wrote Brotli and gzip copies of every text file beside it; the one
 * the browser accepts is sent as it is) at / and the console at /admin/ from the same origin as the API, with the
 * single-page-app fallback: any other GET that wants HTML gets the app's index.html and its router decides.
 */
export const webAppsPlugin = fp<WebAppsOptions>(
  async (app, options) => {
    const storefrontDir = options.storefrontDir ?? repoPath('web-storefront/dist');
    const adminDir = options.adminDir ?? repoPath('web-admin/dist');
    const storefrontBuilt = existsSync(`${storefrontDir}/index.html`);
    const adminBuilt = existsSync(`${adminDir}/index.html`);

    // Hashed assets never change; index.html and the storefront's service worker (sw.js), or their .br/.gz copies, keep
    // one name across versions and must be revalidated so a deploy is seen at once.
    const setHeaders = (reply: FastifyReply, path: string) => {
      reply.header('Cache-Control', /(?:\.html|\/sw\.js)(?:\.br|\.gz)?$/.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable');
    };
    if (storefrontBuilt) {
      await app.register(fastifyStatic, { root: storefrontDir, prefix: '/', wildcard: false, index: false, preCompressed: true, setHeaders });
    }
    if (adminBuilt) {
      await app.register(fastifyStatic, { root: adminDir, prefix: '/admin/', wildcard: false, index: false, preCompressed: true, decorateReply: !storefrontBuilt, setHeaders });
    }

    // The spec's staff screens live in the console; their spec addresses lead there (the console asks for sign-in).
    for (const [from, to] of Object.entries(STAFF_ADDRESSES)) {
      app.get(from, { schema: { hide: true } }, (request, reply) => {
        const { id } = request.params as { id?: string };
        return reply.redirect(id === undefined ? to : to.replace(':id', encodeURIComponent(id)), 302);
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (await app.refuseUnmatchedStaffPath(request)) {
        return reply.code(401).header('Cache-Control', 'no-store').send({ error: 'unauthorized', message: 'Sign in required' });
      }
      const path = request.url.split('?', 1)[0] ?? '/';
      const wantsPage = request.method === 'GET' && !path.startsWith('/api') && !/\.[a-z0-9]+$/i.test(path);
      if (wantsPage && (path === '/admin' || path.startsWith('/admin/'))) {
        if (adminBuilt) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', adminDir);
        return reply.code(404).send({ error: 'not_found', message: 'The console is not built: run npm run build:web' });
      }
      if (wantsPage) {
        if (storefrontBuilt) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', storefrontDir);
        return reply.code(404).send({ error: 'not_found', message: 'The storefront is not built: run npm run build:web' });
      }
      return reply.code(404).send({ error: 'not_found', message: `No route for ${request.method} ${path}` });
    });
  },
  { name: 'web-apps', dependencies: ['auth'] },
);
