import { describe, expect, it } from 'vitest';
import { ConfigError, loadRuntimeConfig, requireDatabaseUrl } from '../src/index';

describe('loadRuntimeConfig', () => {
  it('gives embedded defaults when nothing is set', () => {
    const config = loadRuntimeConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      redisUrl: 'redis://127.0.0.1:6379',
      dataDir: '.data',
      queuePrefix: 'autobest',
      publicUrl: 'http://localhost:3000',
      cookieSecure: false,
      admin: { email: 'admin@autobest.local', password: undefined },
    });
    expect(() => requireDatabaseUrl(config)).toThrow(ConfigError);
  });

  it('treats empty variables as unset and makes cookies secure in production', () => {
    expect(loadRuntimeConfig({ PORT: '', NODE_ENV: 'production' })).toMatchObject({ port: 3000, cookieSecure: true });
  });

  it('names every bad variable in one error', () => {
    let message = '';
    try {
      loadRuntimeConfig({ PORT: 'eighty', ADMIN_PASSWORD: 'short', QUEUE_PREFIX: 'a:b' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT: PORT must be a port number (0-65535)');
    expect(message).toContain('ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 12 characters');
    expect(message).toContain('QUEUE_PREFIX: QUEUE_PREFIX may hold only letters');
  });
});
