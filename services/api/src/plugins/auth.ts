import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { notPermittedMessage, roleMay, TWO_FACTOR_ENROLMENT_REQUIRED, twoFactorRequiredFor, type EventMetadata, type StaffPermission } from '@autobest/domain';
import { HttpError } from '../http/errors';
import { eventMetadata } from './infrastructure';
import { findSession, sessionCookieName, type StaffIdentity } from '../staff/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on staff routes; read it through `requireStaff`. */
    staff: StaffIdentity | null;
  }
  interface FastifyContextConfig {
    /** A staff route that answers without a session (signing in). Every other staff route needs one. */
    publicStaffRoute?: boolean;
    /** A staff page a browser opens: without a session it is sent to the console's sign-in instead of a 401. */
    staffPage?: boolean;
    /**
     * What a staff member must be allowed to do to use the route (see `staffMay`). Every staff route declares one or
     * is a `publicStaffRoute`: the app refuses to start with one that declares neither, and such a route answers 403.
     */
    staffPermission?: StaffPermission;
  }
}

/** Route patterns under this prefix are staff routes. */
export const STAFF_PREFIX = '/api/admin';
/** The queue dashboard (plugins/queueDashboard.ts): staff pages and their API outside the console's. */
export const QUEUE_DASHBOARD_PREFIX = '/admin/queues';
/** Every route pattern, and every unmatched path read leniently, under one of these needs a staff session. */
const STAFF_PREFIXES = [STAFF_PREFIX, QUEUE_DASHBOARD_PREFIX] as const;

const isUnder = (path: string) => STAFF_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Is this registered route pattern (never a raw URL) a staff route? */
export const isStaffRoute = (routeUrl: string | undefined): boolean => routeUrl !== undefined && isUnder(routeUrl);

/** Where a staff page sends a browser that is not signed in: the console's sign-in. */
export const CONSOLE_SIGN_IN = '/admin/login';

/** The one place that decides what a signed-in staff member may do: their role's permissions (`ROLE_PERMISSIONS`). */
export const staffMay = (staff: StaffIdentity, permission: StaffPermission): boolean => roleMay(staff.role, permission);

const signInRequired = () => new HttpError(401, 'unauthorized', 'Sign in required');
const notPermitted = (staff: StaffIdentity, permission: StaffPermission) => new HttpError(403, 'forbidden', notPermittedMessage(staff.role, permission));
const enrolmentRequired = (staff: StaffIdentity) =>
  new HttpError(
    403,
    TWO_FACTOR_ENROLMENT_REQUIRED,
    `Your role (${staff.role}) signs in with two-factor sign-in: set it up under My account (Two-factor sign-in) to use the console`,
  );
const undeclared = () => new HttpError(403, 'forbidden', 'This staff route declares no permission, so nobody may use it');

/** A staff route as registered, with what it declares it needs. */
export interface DeclaredStaffRoute {
  method: HTTPMethods;
  url: string;
  permission: StaffPermission | undefined;
  publicStaffRoute: boolean;
}

/** The routes of one method each, as `onRoute` sees them (a route may list several methods). */
const declaredRoutes = (route: RouteOptions): DeclaredStaffRoute[] =>
  [route.method].flat().map((method) => ({
    method,
    url: route.url,
    permission: route.config?.staffPermission,
    publicStaffRoute: route.config?.publicStaffRoute === true,
  }));

/** The staff member a staff handler acts for; fails closed with 401 when there is none. */
export function requireStaff(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw signInRequired();
  return request.staff;
}

/** The signed-in staff member as the actor of the events their request causes. */
export function staffActor(request: FastifyRequest): EventMetadata['actor'] {
  const staff = requireStaff(request);
  return { kind: 'staff', staffUserId: staff.id, email: staff.email };
}

/** Metadata for the events a signed-in staff member's request causes: recorded as theirs (the activity trail). */
export const staffEventMetadata = (request: FastifyRequest): EventMetadata => eventMetadata(request, staffActor(request));

/**
 * The path as a lenient server or proxy might read it: percent-decoded until stable, lower-cased, `;` parameters
 * and repeated or trailing slashes dropped. Used only where reading too much errs on the safe side: an unmatched
 * request whose path reads like a staff path is answered 401, so spellings that match no route neither reach a
 * handler nor tell which routes exist (and a path that reads like a status page gets no Referer).
 */
export function lenientPath(rawUrl: string): string {
  let path = rawUrl.split('?', 1)[0] ?? '';
  for (let round = 0; round < 4; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return path
    .toLowerCase()
    .replace(/;[^/]*/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1');
}

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Did a browser send this request on behalf of another site? Browsers set `Sec-Fetch-Site` and `Origin` themselves
 * (a page's script cannot), so a request from another site, or a sibling subdomain, says so. SameSite=Strict already
 * keeps the session cookie off such requests; this also stops login CSRF (signing a victim in to an attacker's
 * account needs no cookie) and browsers that ignore SameSite. A request with neither header (curl, a server) was not
 * sent by a browser for someone else, and goes on.
 */
function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const sent = originOf(origin);
  return sent === undefined || (sent !== publicOrigin && sent !== originOf(`${request.protocol}://${request.host}`));
}

const crossSiteRefused = () =>
  new HttpError(403, 'cross_site_request', 'Staff changes are accepted only from the AutoBest console on this site.');

const looksLikeStaffPath = (rawUrl: string) => isUnder(lenientPath(rawUrl));

/** A browser asking for a page (not a script's fetch): it may be sent to sign in. */
const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

/**
 * Access is decided on the matched route, never on the raw URL: Fastify's router decodes `%XX` before it matches,
 * so a test of the raw URL can be spelled around. Every route registered under /api/admin or /admin/queues needs a
 * valid staff session unless it says `publicStaffRoute` (a staff page without one is sent to sign in), and the
 * permission it names; its answers are never cached; the ones that change state (signing in included) are refused
 * with 403 when another site sent them. A person whose role requires two-factor sign-in (STAFF_MFA_REQUIRED_FOR) and who
 * has not enrolled reaches only the `self` routes (403 two_factor_enrolment_required elsewhere). A request that matched no route but reads like a staff path gets 401 as well
 * (see `lenientPath`).
 */
export const authPlugin = fp(
  async (app) => {
    await app.register(cookie);
    app.decorateRequest('staff', null);

    const cookieName = sessionCookieName(app.config.cookieSecure);
    const publicOrigin = originOf(app.config.publicUrl);
    const identify = async (request: FastifyRequest) => {
      const token = request.cookies[cookieName];
      return token ? await findSession(app.db, token, app.config.sessionIdleMinutes) : undefined;
    };

    // Deny by default, checked at start-up: a staff route that declares no permission (and is not signing in) stops the
    // app from starting, so none can ship. Read when the app is ready, since a plugin's own onRoute hook (the queue
    // dashboard's) runs after this one and may still declare it.
    const staffRoutes: RouteOptions[] = [];
    app.addHook('onRoute', (route) => {
      if (isStaffRoute(route.url)) staffRoutes.push(route);
    });
    const declared = () => staffRoutes.flatMap(declaredRoutes);
    app.addHook('onReady', async () => {
      const missing = declared().filter((route) => !route.permission && !route.publicStaffRoute);
      if (missing.length > 0) {
        throw new Error(`Staff routes must declare config.staffPermission (or publicStaffRoute): ${missing.map((route) => `${route.method} ${route.url}`).join(', ')}`);
      }
    });
    app.decorate('declaredStaffRoutes', (): readonly DeclaredStaffRoute[] => declared());

    app.addHook('onRequest', async (request, reply) => {
      if (!isStaffRoute(request.routeOptions.url)) return;
      reply.header('Cache-Control', 'no-store');
      if (STATE_CHANGING_METHODS.has(request.method) && isCrossSite(request, publicOrigin)) throw crossSiteRefused();
      const staff = await identify(request);
      const { publicStaffRoute, staffPage, staffPermission } = request.routeOptions.config;
      if (staff) {
        if (!staffPermission) {
          if (!publicStaffRoute) throw undeclared();
        } else if (!staffMay(staff, staffPermission)) throw notPermitted(staff, staffPermission);
        // A role that must use a second factor reaches nothing but its own account (where it enrols) until it has one.
        if (staffPermission !== 'self' && !staff.twoFactorEnrolled && twoFactorRequiredFor(app.config.staffMfaRequiredFor, staff.role)) {
          throw enrolmentRequired(staff);
        }
        request.staff = staff;
      } else if (!publicStaffRoute) {
        if (staffPage && wantsPage(request)) return reply.redirect(CONSOLE_SIGN_IN, 302);
        throw signInRequired();
      }
    });

    app.decorate('identifyStaff', async (request: FastifyRequest) => (await identify(request)) ?? null);

    app.decorate('refuseUnmatchedStaffPath', async (request: FastifyRequest) => {
      if (!looksLikeStaffPath(request.url)) return false;
      return !(await identify(request));
    });
  },
  { name: 'auth', dependencies: ['infrastructure'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff member whose session cookie a request carries, on any route (e.g. to show staff more detail). */
    identifyStaff(request: FastifyRequest): Promise<StaffIdentity | null>;
    /** Every staff route with the permission it declares (read-only; tests walk it). */
    declaredStaffRoutes(): readonly DeclaredStaffRoute[];
    /** For the not-found handler: true when an unmatched request reads like a staff path and has no session. */
    refuseUnmatchedStaffPath(request: FastifyRequest): Promise<boolean>;
  }
}
