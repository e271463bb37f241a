import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { HttpError } from '../platform/errors';
import { findSession, SESSION_COOKIE, type StaffIdentity } from '../staff/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on /api/admin routes. */
    staff: StaffIdentity | null;
  }
}

/** Paths under /api/admin that answer without a session: signing in. */
const isSignIn = (method: string, path: string) => method === 'POST' && path === '/api/admin/session';

/** Every /api/admin/* route needs a valid staff session cookie; everything else is public. */
export const authPlugin = fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('staff', null);
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?', 1)[0] ?? '';
      if (!path.startsWith('/api/admin/') && path !== '/api/admin') return;
      if (isSignIn(request.method, path)) return;
      const token = request.cookies[SESSION_COOKIE];
      const staff = token ? await findSession(app.db, token) : undefined;
      if (!staff) throw new HttpError(401, 'unauthorized', 'Sign in required');
      request.staff = staff;
    });
  },
  { name: 'auth', dependencies: ['infrastructure'] },
);
