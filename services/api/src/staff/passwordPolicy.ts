import { readFileSync } from 'node:fs';
import { NewPasswordSchema } from '@autobest/domain';

/**
 * NIST SP 800-63B for passwords people choose: long enough (12 to 1024 characters, NewPasswordSchema), not one that
 * attackers try first (a list of common and breached passwords shipped with the product, compared ignoring case), and
 * no composition rules. Every way a password is set goes through here: the set-password link, changing one's own,
 * the first admin from ADMIN_PASSWORD and the shell command.
 */
let commonPasswords: ReadonlySet<string> | undefined;

function isCommon(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('# ')),
  );
  return commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is on a list of common or breached passwords; choose another';

/** What is wrong with a new password, in words a person can act on; undefined when it may be used. */
export function passwordProblem(password: string): string | undefined {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Choose another password';
  return isCommon(password) ? COMMON_PASSWORD_MESSAGE : undefined;
}
