import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadRuntimeConfig } from '@autobest/domain';
import { keptStatusTokenSecret } from '../src/statusTokenSecret';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'autobest-secret-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('keptStatusTokenSecret (npm start)', () => {
  it('makes a secret on first start, readable by its owner only, and gives the same one on every later start', async () => {
    const lines: string[] = [];
    const first = await keptStatusTokenSecret(join(dataDir, 'fresh'), (line) => lines.push(line));
    expect(loadRuntimeConfig({ NODE_ENV: 'production', STATUS_TOKEN_SECRET: first }).statusTokenSecret).toBe(first);
    expect((await stat(join(dataDir, 'fresh', 'status-token-secret'))).mode & 0o777).toBe(0o600);
    expect(lines).toHaveLength(1);
    expect(await keptStatusTokenSecret(join(dataDir, 'fresh'), (line) => lines.push(line))).toBe(first);
    expect(lines).toHaveLength(1);
  });

  it('refuses a damaged secret file instead of replacing it, which would break every link sent', async () => {
    await writeFile(join(dataDir, 'status-token-secret'), 'short\n');
    await expect(keptStatusTokenSecret(dataDir, () => {})).rejects.toThrow(ConfigError);
  });
});
