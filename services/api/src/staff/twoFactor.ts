import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Selectable, Transaction } from 'kysely';
import type { Database, Db, RecordEvents, StaffUsersTable } from '@autobest/db';
import {
  isAuthenticatorCode,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  type EventMetadata,
  type StaffMfaReset,
  type StaffRecoveryCodeUsed,
  type TwoFactorEnrolment,
} from '@autobest/domain';
import { endSessions, recordStaffEvent } from './accounts';
import { installationKey } from '../security/installationKeys';

/*
 * Two-factor sign-in (issue 17.3): TOTP secrets encrypted at rest, codes checked against a clock the app is given
 * (tests fix it), each time step accepted once, and recovery codes kept only as digests. Nothing here logs or records
 * a secret or a code: events say only that something happened.
 */

type StaffUserRow = Selectable<StaffUsersTable>;
type Executor = Db | Transaction<Database>;

/** One step either side of now: a phone whose clock is up to 30 s off, or a code typed as it changed, still works. */
const WINDOW_STEPS = 1;
/** 20 bytes (160 bits), the size RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;

const KEY_INFO = 'autobest staff two-factor secret v1';
const CIPHER_VERSION = 'v1';

/**
 * The key TOTP secrets are encrypted under, derived (HKDF) from the installation secret the set-password links and
 * status links already use, so a copy of the database alone opens no authenticator, and there is no new secret to
 * keep. Changing STATUS_TOKEN_SECRET means everyone enrols again (an admin resets them).
 */
const encryptionKey = (installationSecret: string): Buffer => installationKey(installationSecret, KEY_INFO);

/** AES-256-GCM, a fresh nonce each time, bound to the person (the id as associated data: a row copied to another account does not open). */
export function encryptSecret(installationSecret: string, staffUserId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(installationSecret), iv);
  cipher.setAAD(Buffer.from(staffUserId));
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [CIPHER_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

export function decryptSecret(installationSecret: string, staffUserId: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== CIPHER_VERSION || !iv || !tag || !sealed) throw new Error('Unreadable two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey(installationSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(staffUserId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

const totpFor = (email: string, base32: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(base32) });

/** A new secret for a person's authenticator, and how to give it to the app: the otpauth URL as a QR code (SVG), or typed. */
export async function newEnrolment(email: string): Promise<TwoFactorEnrolment> {
  const secret = new Secret({ size: SECRET_BYTES }).base32;
  const otpauthUrl = totpFor(email, secret).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/**
 * The time step a code from the person's authenticator stands for at `now`, or null when it matches none within
 * the window. Does not say whether the step was used already: `acceptAuthenticatorCode` does.
 */
function matchingStep(email: string, base32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpFor(email, base32).validate({ token: code.replace(/\s/g, ''), timestamp, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * Accepts a code from the person's authenticator once: the step it stands for must be later than the last one
 * accepted, and is recorded in the same statement, so the same code (or an older one) sent twice, even at once, works
 * only the first time. `pending`: the code confirming an enrolment, against the secret not yet enabled.
 */
export async function acceptAuthenticatorCode(
  db: Executor,
  installationSecret: string,
  user: Pick<StaffUserRow, 'id' | 'email' | 'two_factor_secret'>,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!user.two_factor_secret || !isAuthenticatorCode(code)) return false;
  let base32: string;
  try {
    base32 = decryptSecret(installationSecret, user.id, user.two_factor_secret);
  } catch {
    // Sealed under another installation secret (STATUS_TOKEN_SECRET changed): no code can match; recovery codes and an
    // admin's reset still work.
    return false;
  }
  const step = matchingStep(user.email, base32, code, now);
  if (step === null) return false;
  const accepted = await db
    .updateTable('staff_users')
    .set({ two_factor_last_step: step })
    .where('id', '=', user.id)
    .where('two_factor_secret', '=', user.two_factor_secret)
    .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
    .executeTakeFirst();
  return accepted.numUpdatedRows > 0n;
}

/** Crockford's base32 digits: no I, L, O or U, so a code read aloud or copied by hand is not misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 16 characters of 5 bits: 80 bits each, far beyond guessing even from a stolen table of digests. */
const RECOVERY_CODE_LENGTH = 16;

/** A recovery code as people read it: four groups of four, e.g. `7k2m-x9qd-4h8c-vr3t`. */
const newRecoveryCode = (): string => {
  const bytes = randomBytes(RECOVERY_CODE_LENGTH);
  const characters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]!);
  return characters.join('').match(/.{4}/g)!.join('-');
};

/** What was typed, as the code it means: case, spaces and dashes ignored, and the letters people mistake for digits read as them. */
const normalisedRecoveryCode = (typed: string): string =>
  typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');

const recoveryDigest = (code: string): string => createHash('sha256').update(normalisedRecoveryCode(code)).digest('hex');

/** Ten new recovery codes for a person, replacing any earlier ones; answered once, kept only as digests. */
export async function replaceRecoveryCodes(trx: Transaction<Database>, staffUserId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom('staff_recovery_codes').where('staff_user_id', '=', staffUserId).execute();
  await trx
    .insertInto('staff_recovery_codes')
    .values(codes.map((code) => ({ staff_user_id: staffUserId, code_digest: recoveryDigest(code), used_at: null })))
    .execute();
  return codes;
}

export async function recoveryCodesLeft(db: Executor, staffUserId: string): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('staff_user_id', '=', staffUserId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Uses one of the person's recovery codes, if what was typed is one not used yet: marked used in the same statement
 * that finds it, so it works once even when sent twice at once; the StaffRecoveryCodeUsed event says how many are left.
 */
export async function useRecoveryCode(trx: Transaction<Database>, record: RecordEvents, staffUserId: string, typed: string, metadata: EventMetadata, now: Date): Promise<boolean> {
  if (isAuthenticatorCode(typed) || normalisedRecoveryCode(typed).length !== RECOVERY_CODE_LENGTH) return false;
  const used = await trx
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('staff_user_id', '=', staffUserId)
    .where('code_digest', '=', recoveryDigest(typed))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (used.numUpdatedRows === 0n) return false;
  const event: StaffRecoveryCodeUsed = { type: 'StaffRecoveryCodeUsed', data: { staffUserId, remaining: await recoveryCodesLeft(trx, staffUserId) } };
  await recordStaffEvent(record, staffUserId, event, metadata);
  return true;
}

/**
 * Takes two-factor sign-in off an account (lost phone, or the person's own choice where their role allows it): the
 * secret and the recovery codes go, and, unless it is the person's own choice, every session of theirs ends.
 * Returns false when the account had none.
 */
export async function removeTwoFactor(
  trx: Transaction<Database>,
  record: RecordEvents,
  user: Pick<StaffUserRow, 'id' | 'two_factor_enabled_at' | 'two_factor_secret'>,
  via: StaffMfaReset['data']['via'],
  metadata: EventMetadata,
): Promise<boolean> {
  if (!user.two_factor_secret) return false;
  await trx.updateTable('staff_users').set({ two_factor_secret: null, two_factor_enabled_at: null, two_factor_last_step: null }).where('id', '=', user.id).execute();
  await trx.deleteFrom('staff_recovery_codes').where('staff_user_id', '=', user.id).execute();
  if (via !== 'own') await endSessions(trx, user.id);
  // An enrolment never confirmed was no second factor: nothing to record.
  if (!user.two_factor_enabled_at) return false;
  const event: StaffMfaReset = { type: 'StaffMfaReset', data: { staffUserId: user.id, via } };
  await recordStaffEvent(record, user.id, event, metadata);
  return true;
}
