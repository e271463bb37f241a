import { hkdfSync } from 'node:crypto';

/**
 * A key of its own for each use of the installation's secret (STATUS_TOKEN_SECRET): HKDF-SHA256 with the use as its
 * info, so a value made for one use (a device cookie, a sealed two-factor secret, a request's id) proves nothing in
 * another, and the secret itself never meets outside input.
 */
export const installationKey = (installationSecret: string, use: string): Buffer => Buffer.from(hkdfSync('sha256', installationSecret, '', use, 32));
