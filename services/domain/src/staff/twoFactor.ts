import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './accounts';

/**
 * Two-factor sign-in for staff (issue 17.3): a code from an authenticator app (TOTP, RFC 6238: 6 digits, 30 seconds)
 * after the password, or one of ten recovery codes, each usable once. Browser-safe: the console uses the same shapes.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** The name an authenticator app shows above the code. */
export const TOTP_ISSUER = 'AutoBest Africa';
export const RECOVERY_CODE_COUNT = 10;

/** A code as a person types it: a 6-digit code (spaces allowed) or a recovery code (dashes and spaces allowed). */
export const TwoFactorCodeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(40, 'That code is too long');

const AUTHENTICATOR_CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);
/** Whether what was typed has the shape of an authenticator code (else it is read as a recovery code). */
export const isAuthenticatorCode = (code: string): boolean => AUTHENTICATOR_CODE.test(code.replace(/\s/g, ''));

/** Whether a role must sign in with a second factor, given the installation's list (STAFF_MFA_REQUIRED_FOR). */
export const twoFactorRequiredFor = (requiredFor: readonly string[], role: string): boolean => requiredFor.includes(role);

export const TwoFactorStatusSchema = z
  .object({
    enrolled: z.boolean(),
    /** The person's role must use two-factor sign-in: it cannot be turned off, and the console waits for enrolment. */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.output<typeof TwoFactorStatusSchema>;

/** An enrolment under way: the secret to scan (QR code) or type, until a code confirms it. */
export const TwoFactorEnrolmentSchema = z
  .object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    otpauthUrl: z.string(),
    /** The otpauth URL as a QR code: SVG markup (the console draws it inline: its policy allows images from itself only). */
    qrSvg: z.string(),
  })
  .meta({ id: 'TwoFactorEnrolment' });
export type TwoFactorEnrolment = z.output<typeof TwoFactorEnrolmentSchema>;

/** New recovery codes: shown once, kept nowhere but as digests. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.output<typeof RecoveryCodesSchema>;

export const TwoFactorCodeBodySchema = z.object({ code: TwoFactorCodeSchema });

export const TurnOffTwoFactorSchema = z.object({
  password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  code: TwoFactorCodeSchema,
});

/** The error codes the console acts on. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';
export const TWO_FACTOR_ENROLMENT_REQUIRED = 'two_factor_enrolment_required';
export const INVALID_TWO_FACTOR_CODE = 'invalid_two_factor_code';
