import { parseArgs } from 'node:util';
import { createDb, migrateToLatest, recordsInTransaction, type Db, type RecordsInTransaction } from '@autobest/db';
import { ConfigError, InviteStaffSchema, loadRuntimeConfig, type EventMetadata } from '@autobest/domain';
import {
  acceptablePasswordHash,
  createStaffAccount,
  disableStaff,
  endSessions,
  findStaffByEmail,
  generatedPassword,
  issuePasswordLink,
  removeTwoFactor,
  recordStaffEvent,
  StaffAccountRefused,
} from '@autobest/api';
import { EmbeddedPostgresError, startEmbeddedPostgres } from './embeddedPostgres';
import { findRunningProduct, runningProductFile } from './runningProduct';
import { keptStatusTokenSecret } from './statusTokenSecret';

/**
 * `npm run staff -- <create|reset|reset-2fa|disable> ...`: staff accounts from a shell, for a team locked out of the console.
 * Against DATABASE_URL, else the database of the `npm start` running on DATA_DIR (runningProduct.ts), else the
 * embedded database under DATA_DIR that `npm start` uses (started here for the command, and stopped after it). Exits 0
 * when done, 1 with a message saying what was wrong.
 */
const USAGE = `Usage:
  npm run staff -- create --email E --name N --role admin|sales|inventory|viewer [--password P]
  npm run staff -- reset --email E      (prints a new set-password link; every session of the person ends)
  npm run staff -- reset-2fa --email E  (takes two-factor sign-in off, for a lost phone; every session of the person ends)
  npm run staff -- disable --email E    (every session of the person ends)`;

class UsageError extends Error {}

const SHELL: EventMetadata = { actor: { kind: 'system', name: 'shell' }, correlationId: 'staff-cli', causationId: null, requestId: null };

type Print = (line: string) => void;

interface Context {
  db: Db;
  /**
   * Changes and their events in one transaction. No doorbell from a shell (it has no Redis): the projector's safety net
   * finds the events on its next run.
   */
  store: RecordsInTransaction;
  publicUrl: string;
  secret: string;
  print: Print;
}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

async function create(context: Context, values: Record<string, string | undefined>): Promise<void> {
  const parsed = InviteStaffSchema.safeParse({ email: required(values, 'email'), name: required(values, 'name'), role: required(values, 'role') });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
  const password = values['password'] ?? generatedPassword();
  const passwordHash = await acceptablePasswordHash(password, 'password');
  const row = await context.store.recordInTransaction(async (trx, record) => {
    const created = await createStaffAccount(trx, record, { ...parsed.data, passwordHash }, { via: 'shell', metadata: SHELL });
    await recordStaffEvent(record, created.id, { type: 'StaffPasswordSet', data: { staffUserId: created.id, via: 'shell' } }, SHELL);
    return created;
  });
  context.print(`Created ${row.role} account for ${row.email}.`);
  if (values['password'] === undefined) context.print(`Password (shown once, write it down): ${password}`);
}

async function personByEmail(context: Context, values: Record<string, string | undefined>) {
  const email = required(values, 'email');
  const user = await findStaffByEmail(context.db, email);
  if (!user) throw new UsageError(`There is no staff account for ${email}`);
  return user;
}

async function reset(context: Context, values: Record<string, string | undefined>): Promise<void> {
  const user = await personByEmail(context, values);
  if (user.disabled_at) throw new UsageError(`${user.email} is disabled; an admin can enable the account in the console`);
  const link = await context.store.recordInTransaction(async (trx, record) => {
    await endSessions(trx, user.id);
    return issuePasswordLink(trx, record, user, user.password_hash === null ? 'invite' : 'reset', { publicUrl: context.publicUrl, secret: context.secret, metadata: SHELL });
  });
  context.print(`Every session of ${user.email} has ended. Set-password link (works once, until ${link.expiresAt.toISOString()}):`);
  context.print(link.url);
}

async function disable(context: Context, values: Record<string, string | undefined>): Promise<void> {
  const user = await personByEmail(context, values);
  await disableStaff(context.store, user.id, SHELL);
  context.print(`Disabled ${user.email}; every session of theirs has ended.`);
}

/** A lost phone with no recovery code left and no other admin: the person signs in with the password and enrols again. */
async function resetTwoFactor(context: Context, values: Record<string, string | undefined>): Promise<void> {
  const user = await personByEmail(context, values);
  const removed = await context.store.recordInTransaction(async (trx, record) => {
    const locked = await trx.selectFrom('staff_users').selectAll().where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
    return removeTwoFactor(trx, record, locked, 'shell', SHELL);
  });
  if (!removed) throw new StaffAccountRefused(409, `${user.email} does not use two-factor sign-in`);
  context.print(`Two-factor sign-in is off for ${user.email}; every session of theirs has ended. They sign in with their password and set it up again.`);
}

const COMMANDS = { create, reset, 'reset-2fa': resetTwoFactor, disable } as const;

/** Runs one command; the exit code for the shell. `env` is the environment, `print`/`fail` where lines go. */
export async function runStaffCommand(argv: string[], env: Record<string, string | undefined>, print: Print, fail: Print): Promise<number> {
  const stops: Array<() => Promise<void>> = [];
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
    });
    const command = positionals[0];
    if (positionals.length !== 1 || !command || !(command in COMMANDS)) throw new UsageError(command ? `Unknown command: ${positionals.join(' ')}` : 'Name a command');
    const config = loadRuntimeConfig(env);
    // What the environment does not give is taken from the `npm start` running on DATA_DIR, as that launcher made it.
    const running = env['DATABASE_URL'] ? undefined : await findRunningProduct(config.dataDir);
    if (running) print(`Using the database of npm start (process ${running.pid}), as ${runningProductFile(config.dataDir)} says.`);
    let databaseUrl = env['DATABASE_URL'] ?? running?.databaseUrl;
    if (!databaseUrl) {
      const database = await startEmbeddedPostgres(config.dataDir, print);
      stops.push(database.stop);
      databaseUrl = database.url;
    }
    const secret = env['STATUS_TOKEN_SECRET'] ?? running?.statusTokenSecret ?? (await keptStatusTokenSecret(config.dataDir, print));
    const publicUrl = env['PUBLIC_URL'] ? config.publicUrl : (running?.publicUrl ?? config.publicUrl);
    const db = createDb({ connectionString: databaseUrl, maxConnections: 1, applicationName: 'autobest-staff-cli' });
    stops.push(() => db.destroy());
    await migrateToLatest(db);
    await COMMANDS[command as keyof typeof COMMANDS]({ db, store: recordsInTransaction(db), publicUrl, secret, print }, values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message}\n\n${USAGE}`);
    else if (error instanceof StaffAccountRefused || error instanceof ConfigError || error instanceof EmbeddedPostgresError) fail(error.message);
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) fail(`${error.message}\n\n${USAGE}`);
    else fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => fail(String(error)));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runStaffCommand(process.argv.slice(2), { ...process.env }, (line) => console.info(line), (line) => console.error(line));
}
