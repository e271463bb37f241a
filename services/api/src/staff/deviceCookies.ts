import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { installationKey } from '../security/installationKeys';

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed in to an
 * account carries a cookie that proves it, so its attempts are counted against its own budget instead of the budget
 * every other browser shares for that account. Whoever guesses a password from elsewhere exhausts the shared budget,
 * not the owner's.
 *
 * The cookie holds a keyed digest of the account's email (never the email), a random nonce and the time it was issued,
 * signed with a key derived from the installation secret. It proves nothing but "this browser completed a sign-in to
 * this account"; it opens no session. Nothing about it is stored except, in Redis, the counts and retirements of nonces.
 */

const KEY_INFO = 'autobest staff device cookie v1';
const VERSION = 'v1';

/**
 * How long a browser stays known: 180 days. Staff who sign in only every few months (leave, a part-time role) still
 * come back to a browser their account trusts; each sign-in issues a new cookie, so a browser in use never loses it.
 * A longer life would only keep a cookie copied from a discarded computer working longer.
 */
export const DEVICE_COOKIE_LIFETIME_MS = 180 * 24 * 3_600_000;
/** The only requests that need the cookie: the browser sends it nowhere else. */
export const DEVICE_COOKIE_PATH = '/api/admin/session';

/** Derived (HKDF) from STATUS_TOKEN_SECRET, as two-factor's key is, under its own label: no new secret to keep. */
const deviceKey = (installationSecret: string): Buffer => installationKey(installationSecret, KEY_INFO);

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** The account as the cookie names it: a keyed digest of the email the sign-in limit counts by, so the cookie does not reveal it. */
const accountDigest = (key: Buffer, email: string) => mac(key, `account\0${email}`).subarray(0, 16).toString('base64url');

/**
 * One cookie per account a browser signed in to, named by a short digest of the account, so signing in to a second
 * account does not replace the first one's. Secure cookies take the `__Secure-` prefix (not `__Host-`: that needs path /).
 */
const cookieName = (secure: boolean, digest: string) => `${secure ? '__Secure-' : ''}autobest_device_${digest.slice(0, 12)}`;

export const deviceCookieOptions = (secure: boolean): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure,
  path: DEVICE_COOKIE_PATH,
  maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000,
});

/** A device cookie that checked out for the account signing in: its nonce names the device's budget. */
export interface KnownDevice {
  nonce: string;
  /** How long the cookie would still be accepted: how long a retirement of its nonce must last. */
  remainingMs: number;
}

export function deviceCookies(installationSecret: string, secure: boolean) {
  const key = deviceKey(installationSecret);
  return {
    /** A new cookie for `email` (the normalised email the limits count by): its name and value. */
    issue(email: string, now: Date): { name: string; value: string } {
      const digest = accountDigest(key, email);
      const payload = [VERSION, digest, randomBytes(16).toString('base64url'), Math.floor(now.getTime() / 1000).toString(36)].join('.');
      return { name: cookieName(secure, digest), value: `${payload}.${mac(key, payload).toString('base64url')}` };
    },
    /**
     * The device of the cookie this browser holds for `email`, or null when it holds none that is signed by this
     * installation, issued for this account and not expired: a forged, altered, expired or other account's cookie
     * counts as no cookie.
     */
    read(cookies: Record<string, string | undefined>, email: string, now: Date): KnownDevice | null {
      const digest = accountDigest(key, email);
      const value = cookies[cookieName(secure, digest)];
      if (!value || value.length > 200) return null;
      const parts = value.split('.');
      if (parts.length !== 5) return null;
      const [version, cookieDigest, nonce, issued, signature] = parts as [string, string, string, string, string];
      const expected = mac(key, [version, cookieDigest, nonce, issued].join('.'));
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (version !== VERSION || cookieDigest !== digest) return null;
      const age = now.getTime() - Number.parseInt(issued, 36) * 1000;
      // A minute of clock difference between API processes.
      if (!(age > -60_000 && age < DEVICE_COOKIE_LIFETIME_MS)) return null;
      return { nonce, remainingMs: DEVICE_COOKIE_LIFETIME_MS - Math.max(0, age) };
    },
  };
}
export type DeviceCookies = ReturnType<typeof deviceCookies>;
