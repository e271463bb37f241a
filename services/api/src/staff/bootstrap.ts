import { sql } from 'kysely';
import type { RecordsInTransaction } from '@autobest/db';
import { ConfigError, type EventMetadata, type RuntimeConfig } from '@autobest/domain';
import { createStaffAccount, generatedPassword as newGeneratedPassword } from './accounts';
import { hashPassword } from './passwords';
import { passwordProblem } from './passwordPolicy';

export interface BootstrapResult {
  created: boolean;
  email?: string;
  /** Only when the password was generated: shown once, never stored in clear. */
  generatedPassword?: string;
}

const FIRST_START: EventMetadata = { actor: { kind: 'system', name: 'first-start' }, correlationId: 'first-start', causationId: null, requestId: null };

/**
 * Makes sure someone can sign in to a new installation: with no staff user at all, creates one from
 * ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password. An advisory lock keeps two starting
 * replicas from both creating one.
 */
export async function ensureFirstStaffUser(store: RecordsInTransaction, admin: RuntimeConfig['admin']): Promise<BootstrapResult> {
  return store.recordInTransaction(async (trx, record) => {
    await sql`select pg_advisory_xact_lock(hashtext('autobest:first-staff-user'))`.execute(trx);
    const existing = await trx.selectFrom('staff_users').select('id').limit(1).executeTakeFirst();
    if (existing) return { created: false };
    // Checked only when it is used: an installation that has its admins ignores ADMIN_PASSWORD.
    const problem = admin.password === undefined ? undefined : passwordProblem(admin.password);
    if (problem) throw new ConfigError(`ADMIN_PASSWORD cannot be used for the first admin: ${problem}. Set another, or unset it to have one generated.`);
    const generatedPassword = admin.password ? undefined : newGeneratedPassword();
    await createStaffAccount(
      trx,
      record,
      { email: admin.email, name: 'Administrator', role: 'admin', passwordHash: await hashPassword(admin.password ?? generatedPassword!) },
      { via: 'first-start', metadata: FIRST_START },
    );
    return { created: true, email: admin.email.toLowerCase(), ...(generatedPassword ? { generatedPassword } : {}) };
  });
}

/** `twoFactorRequired`: the first admin's role needs two-factor sign-in (STAFF_MFA_REQUIRED_FOR), set up at first sign-in. */
export function announceFirstStaffUser(result: BootstrapResult, print: (line: string) => void, twoFactorRequired = false): void {
  if (!result.created) return;
  const twoFactor = twoFactorRequired ? 'At first sign-in the console asks you to set up an authenticator app.' : null;
  if (result.generatedPassword) {
    print(
      [
        '',
        '  ┌──────────────────────────────────────────────────────────────┐',
        '  │ First staff account created (shown once, write it down):     │',
        `  │   email:    ${result.email!.padEnd(49)}│`,
        `  │   password: ${result.generatedPassword.padEnd(49)}│`,
        '  │ Set ADMIN_EMAIL / ADMIN_PASSWORD to choose them yourself.    │',
        ...(twoFactor ? ['  │ At first sign-in the console asks you to set up two-factor   │', '  │ sign-in with an authenticator app (STAFF_MFA_REQUIRED_FOR).  │'] : []),
        '  └──────────────────────────────────────────────────────────────┘',
        '',
      ].join('\n'),
    );
  } else {
    print(`First staff account created for ${result.email!} with the password from ADMIN_PASSWORD.${twoFactor ? ` ${twoFactor}` : ''}`);
  }
}
