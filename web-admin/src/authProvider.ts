import type { AuthProvider } from 'react-admin';
import type { StaffIdentity } from '@autobest/domain/staff/contracts';
import { INVALID_TWO_FACTOR_CODE, TWO_FACTOR_REQUIRED } from '@autobest/domain/staff/twoFactor';
import { permits } from './permissions';

const SESSION_URL = '/api/admin/session';

async function errorMessage(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : fallback;
}

/**
 * The sign-in's answer when the password was right but a second factor is needed (`codeRequired`), or the code given
 * was not right: the sign-in page then asks for the code instead of showing a notification.
 */
export class SecondFactorNeeded extends Error {
  override readonly name = 'SecondFactorNeeded';
  constructor(
    message: string,
    /** A code was sent and refused (else none was sent yet). */
    readonly codeRefused: boolean,
  ) {
    super(message);
  }
}

/** "15 minutes", "1 minute", "40 seconds": how long Retry-After asks a person to wait. */
function waitingTime(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) return `${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Why a sign-in was refused, as the form shows it; past the sign-in limits, when to try again. A code to ask for: SecondFactorNeeded. */
async function signInRefusal(response: Response): Promise<string> {
  const retryAfter = Number(response.headers.get('Retry-After'));
  if (response.status === 429 && Number.isInteger(retryAfter) && retryAfter > 0) {
    return `Too many sign-in attempts. Please try again in ${waitingTime(retryAfter)}.`;
  }
  const body = (await response.json().catch(() => undefined)) as { error?: unknown; message?: unknown } | undefined;
  const message = typeof body?.message === 'string' ? body.message : 'Sign-in failed';
  if (response.status === 401 && (body?.error === TWO_FACTOR_REQUIRED || body?.error === INVALID_TWO_FACTOR_CODE)) {
    throw new SecondFactorNeeded(message, body.error === INVALID_TWO_FACTOR_CODE);
  }
  return message;
}

async function askServer(): Promise<StaffIdentity | undefined> {
  const response = await fetch(SESSION_URL, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 401) {
    // Read to its end even though the status says it all: a body left unread keeps the request open in the browser.
    await response.arrayBuffer().catch(() => undefined);
    return undefined;
  }
  if (!response.ok) throw new Error(await errorMessage(response, 'Could not reach the server'));
  return (await response.json()) as StaffIdentity;
}

/** The check on its way to the server, which every caller asking meanwhile shares (a page asks from several places at once). */
let asking: Promise<StaffIdentity | undefined> | undefined;
function currentStaff(): Promise<StaffIdentity | undefined> {
  asking ??= askServer().finally(() => {
    asking = undefined;
  });
  return asking;
}

/**
 * The signed-in staff member as the server last said, for what the console shows (canAccess is asked for every button):
 * refreshed by each checkAuth (every page), forgotten at sign-in and sign-out.
 */
let lastStaff: Promise<StaffIdentity | undefined> | undefined;
const knownStaff = () => (lastStaff ??= currentStaff());

/**
 * Set when the server has just said there is no session. react-admin signs out after a failed check; with
 * nobody signed in that sign-out has nothing to end, and sent anyway it could land after a sign-in that
 * followed quickly and end the new session.
 */
let knownSignedOut = false;

/**
 * Staff sign in with email and password, and a code from their authenticator app (or a recovery code) when they use
 * two-factor sign-in; the API keeps the session in an HttpOnly cookie.
 */
export const authProvider: AuthProvider = {
  async login({ email, password, code }: { email?: string; password?: string; code?: string }) {
    const response = await fetch(SESSION_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password, ...(code ? { code } : {}) }),
    });
    if (!response.ok) throw new Error(await signInRefusal(response));
    knownSignedOut = false;
    // A check sent before this sign-in would answer for the visitor who was not signed in yet.
    asking = undefined;
    lastStaff = Promise.resolve((await response.json()) as StaffIdentity);
  },
  async logout() {
    lastStaff = undefined;
    asking = undefined;
    if (knownSignedOut) return;
    knownSignedOut = true;
    await fetch(SESSION_URL, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
  },
  async checkAuth() {
    lastStaff = currentStaff();
    const staff = await lastStaff;
    knownSignedOut = !staff;
    // `message: false` sends a signed-out visitor to the sign-in page without an error toast.
    if (!staff) throw { message: false };
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) throw new Error('Your session has ended. Please sign in again.');
    // Forbidden is about one action, not the session: refuse it but keep the staff member signed in.
    if (error?.status === 403) throw { logoutUser: false };
  },
  async getIdentity() {
    const staff = await currentStaff();
    if (!staff) throw new Error('Sign in required');
    return { id: staff.id, fullName: staff.displayName, email: staff.email, twoFactor: staff.twoFactor };
  },
  async getPermissions() {
    return (await knownStaff())?.permissions ?? [];
  },
  /** What the console shows: only what the signed-in person's role may do (see permissions.ts); the server decides again. */
  async canAccess({ resource, action }: { resource?: string; action: string }) {
    return permits((await knownStaff())?.permissions ?? [], resource, action);
  },
};
