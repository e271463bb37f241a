import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ConfigError } from '@autobest/domain';

/**
 * The secret status links are signed with when STATUS_TOKEN_SECRET is not set: made on the first `npm start` and
 * kept in DATA_DIR, readable by its owner only, so the links already in owners' mailboxes keep working after a
 * restart.
 */
export async function keptStatusTokenSecret(dataDir: string, log: (line: string) => void): Promise<string> {
  const file = join(resolve(dataDir), 'status-token-secret');
  const kept = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (kept !== undefined) {
    const secret = kept.trim();
    // Never replaced silently: a new secret would break every status link sent so far.
    if (secret.length < 32) throw new ConfigError(`${file} holds no usable secret (32+ characters). Restore it, set STATUS_TOKEN_SECRET, or delete the file to make a new one (status links sent so far stop working).`);
    return secret;
  }
  await mkdir(resolve(dataDir), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  log(`Status links are signed with a new secret kept in ${file}`);
  return secret;
}
