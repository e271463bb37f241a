import { describe, expect, it } from 'vitest';
import { ConfigError, loadRuntimeConfig, requireDatabaseUrl, requireStatusTokenSecret } from '../src/index';

const SECRET = 'a production secret of thirty-two or more characters';

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

  it('treats empty variables as unset', () => {
    expect(loadRuntimeConfig({ PORT: '', TRUST_PROXY: '' })).toMatchObject({ port: 3000, trustProxy: false });
  });

  it('refuses any status token secret under 32 characters', () => {
    expect(() => loadRuntimeConfig({ STATUS_TOKEN_SECRET: 'x'.repeat(31) })).toThrow(/STATUS_TOKEN_SECRET must be at least 32 characters/);
    expect(loadRuntimeConfig({ NODE_ENV: 'production', STATUS_TOKEN_SECRET: SECRET }).statusTokenSecret).toBe(SECRET);
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

  it('scales the public write limits by PUBLIC_WRITE_LIMIT_SCALE, 1 by default, never 0', () => {
    expect(loadRuntimeConfig({}).publicWriteLimitScale).toBe(1);
    expect(loadRuntimeConfig({ PUBLIC_WRITE_LIMIT_SCALE: '2.5' }).publicWriteLimitScale).toBe(2.5);
    expect(() => loadRuntimeConfig({ PUBLIC_WRITE_LIMIT_SCALE: '0' })).toThrow('PUBLIC_WRITE_LIMIT_SCALE must be above 0');
  });

  it('counts IPv6 clients per /64 unless RATE_LIMIT_IPV6_PREFIX says otherwise, 1 to 128 bits', () => {
    expect(loadRuntimeConfig({}).rateLimitIpv6Prefix).toBe(64);
    expect(loadRuntimeConfig({ RATE_LIMIT_IPV6_PREFIX: '56' }).rateLimitIpv6Prefix).toBe(56);
    expect(loadRuntimeConfig({ RATE_LIMIT_IPV6_PREFIX: '128' }).rateLimitIpv6Prefix).toBe(128);
    expect(() => loadRuntimeConfig({ RATE_LIMIT_IPV6_PREFIX: '0' })).toThrow('RATE_LIMIT_IPV6_PREFIX must be between 1 and 128');
    expect(() => loadRuntimeConfig({ RATE_LIMIT_IPV6_PREFIX: '129' })).toThrow('RATE_LIMIT_IPV6_PREFIX must be between 1 and 128');
    expect(() => loadRuntimeConfig({ RATE_LIMIT_IPV6_PREFIX: '64.5' })).toThrow('RATE_LIMIT_IPV6_PREFIX must be a whole number of bits');
    expect(() => loadRuntimeConfig({ RATE_LIMIT_IPV6_PREFIX: 'slash64' })).toThrow('RATE_LIMIT_IPV6_PREFIX must be a prefix length like 64');
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => loadRuntimeConfig({ TRUST_PROXY: value }).trustProxy;
  const refusal = (value: string) => {
    try {
      loadRuntimeConfig({ TRUST_PROXY: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`TRUST_PROXY=${value} was accepted`);
  };

  it('trusts no proxy by default, nor when told 0 or false', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it('takes a hop count', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy(' 2 ')).toBe(2);
  });

  it('takes a list of addresses, ranges and proxy-addr range names', () => {
    expect(trustProxy('10.0.0.0/8, 172.16.0.0/12,192.168.1.7')).toEqual(['10.0.0.0/8', '172.16.0.0/12', '192.168.1.7']);
    expect(trustProxy('fd00::/8,::1,loopback,uniquelocal')).toEqual(['fd00::/8', '::1', 'loopback', 'uniquelocal']);
  });

  it('refuses to trust every client, saying what to write instead', () => {
    for (const value of ['true', 'TRUE', 'yes', '*', 'all']) {
      const message = refusal(value);
      expect(message).toContain('would let every client choose its own address');
      expect(message).toContain('TRUST_PROXY=1');
      expect(message).toContain('TRUST_PROXY=10.0.0.0/8,172.16.0.0/12');
    }
  });

  it('names the entries that are not addresses or ranges', () => {
    expect(refusal('10.0.0.0/8,proxy.internal,10.0.0.0/33')).toContain('"proxy.internal", "10.0.0.0/33" is not an address or range');
    expect(refusal('-1')).toContain('"-1" is not an address or range');
    expect(refusal('1.5')).toContain('"1.5" is not an address or range');
  });
});

describe('session settings', () => {
  const cookieSecure = (env: Record<string, string>) => loadRuntimeConfig(env).cookieSecure;

  it('sends the cookie without Secure only to a plain-http public URL on this machine', () => {
    expect(cookieSecure({})).toBe(false);
    expect(cookieSecure({ NODE_ENV: 'production', STATUS_TOKEN_SECRET: SECRET })).toBe(false);
    expect(cookieSecure({ PUBLIC_URL: 'http://localhost:8080' })).toBe(false);
    expect(cookieSecure({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toBe(false);
    expect(cookieSecure({ PUBLIC_URL: 'http://[::1]:3000' })).toBe(false);
    expect(cookieSecure({ PUBLIC_URL: 'https://localhost:3000' })).toBe(true);
    expect(cookieSecure({ PUBLIC_URL: 'https://autobest.africa' })).toBe(true);
    expect(cookieSecure({ PUBLIC_URL: 'http://192.168.1.20:3000' })).toBe(true);
    expect(cookieSecure({ PUBLIC_URL: 'http://localhost.evil.test' })).toBe(true);
  });

  it('lets COOKIE_SECURE decide when it is set', () => {
    expect(cookieSecure({ COOKIE_SECURE: 'true' })).toBe(true);
    expect(cookieSecure({ PUBLIC_URL: 'http://192.168.1.20:3000', COOKIE_SECURE: 'false' })).toBe(false);
  });

  it('ends an idle session after 30 minutes unless told otherwise', () => {
    expect(loadRuntimeConfig({}).sessionIdleMinutes).toBe(30);
    expect(loadRuntimeConfig({ SESSION_IDLE_MINUTES: '10' }).sessionIdleMinutes).toBe(10);
    expect(() => loadRuntimeConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});

describe('operations settings', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadRuntimeConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`${JSON.stringify(env)} was accepted`);
  };

  it('refreshes the rates every 6 hours unless RATES_CRON says otherwise, its spacing made regular', () => {
    expect(loadRuntimeConfig({}).rates.cron).toBe('0 */6 * * *');
    expect(loadRuntimeConfig({ RATES_CRON: ' 30  1,13 * * MON-FRI ' }).rates.cron).toBe('30 1,13 * * MON-FRI');
  });

  it('refuses a RATES_CRON that is not a cron pattern, naming the variable, the fault and the form to write', () => {
    const cases: Array<[string, string]> = [
      ['every 6 hours', 'has 3 fields'],
      ['0 */6 * *', 'has 4 fields'],
      ['0 0 */6 * * *', 'has 6 fields'],
      ['60 * * * *', '60 is outside 0-59 in the minute field'],
      ['0 24 * * *', '24 is outside 0-23 in the hour field'],
      ['0 0 0 * *', '0 is outside 1-31 in the day of month field'],
      ['0 0 * 13 *', '13 is outside 1-12 in the month field'],
      ['0 0 * * 8', '8 is outside 0-7 in the day of week field'],
      ['*/0 * * * *', 'the step "/0" in the minute field must be a whole number above 0'],
      ['5-1 * * * *', 'the range 5-1 in the minute field runs backwards'],
      ['1,,2 * * * *', '"" is not a value, range or step in the minute field'],
      ['0 0 ? * *', '"?" is not a number in the day of month field'],
      ['0 0 * FOO *', '"FOO" is not a number or a name in the month field'],
    ];
    for (const [pattern, problem] of cases) {
      const message = refusal({ RATES_CRON: pattern });
      expect(message, pattern).toContain(`RATES_CRON: `);
      expect(message, pattern).toContain(problem);
      expect(message, pattern).toContain('e.g. "0 */6 * * *"');
    }
    expect(refusal({ RATES_CRON: '0 0 30 2 *' })).toContain('RATES_CRON: "0 0 30 2 *" names days its months never have, so it would never run');
    expect(loadRuntimeConfig({ RATES_CRON: '0 0 30 2 1' }).rates.cron).toBe('0 0 30 2 1');
  });

  it('tells an installation still setting RATES_REFRESH_MS what replaced it', () => {
    expect(refusal({ RATES_REFRESH_MS: '21600000' })).toContain('RATES_REFRESH_MS is replaced by RATES_CRON');
  });

  it('keeps analytics events 400 days unless ANALYTICS_RETENTION_DAYS says otherwise', () => {
    expect(loadRuntimeConfig({}).analyticsRetentionDays).toBe(400);
    expect(loadRuntimeConfig({ ANALYTICS_RETENTION_DAYS: '30' }).analyticsRetentionDays).toBe(30);
    expect(refusal({ ANALYTICS_RETENTION_DAYS: '0' })).toContain('ANALYTICS_RETENTION_DAYS must be at least 1');
    expect(refusal({ ANALYTICS_RETENTION_DAYS: '1.5' })).toContain('ANALYTICS_RETENTION_DAYS must be a whole number of days');
    expect(refusal({ ANALYTICS_RETENTION_DAYS: 'forever' })).toContain('ANALYTICS_RETENTION_DAYS must be a whole number of days');
  });

  it('hands the email delivery run of a dead workers process to another after 30 s unless EMAIL_JOB_LOCK_MS says otherwise', () => {
    expect(loadRuntimeConfig({}).mail.jobLockMs).toBe(30_000);
    expect(loadRuntimeConfig({ EMAIL_JOB_LOCK_MS: '2000' }).mail.jobLockMs).toBe(2_000);
    expect(refusal({ EMAIL_JOB_LOCK_MS: '500' })).toContain('EMAIL_JOB_LOCK_MS must be at least 1000');
    expect(refusal({ EMAIL_JOB_LOCK_MS: '600001' })).toContain('EMAIL_JOB_LOCK_MS must be at most 600000');
    expect(refusal({ EMAIL_JOB_LOCK_MS: 'soon' })).toContain('EMAIL_JOB_LOCK_MS must be a number of milliseconds');
  });

  it('gives reading a feed 5 s unless NEWS_FEED_PARSE_BUDGET_MS says otherwise, within the 60 s a read holds its source', () => {
    expect(loadRuntimeConfig({}).news.feedParseBudgetMs).toBe(5_000);
    expect(loadRuntimeConfig({ NEWS_FEED_PARSE_BUDGET_MS: '250' }).news.feedParseBudgetMs).toBe(250);
    expect(refusal({ NEWS_FEED_PARSE_BUDGET_MS: '50' })).toContain('NEWS_FEED_PARSE_BUDGET_MS must be at least 100');
    expect(refusal({ NEWS_FEED_PARSE_BUDGET_MS: '30001' })).toContain('NEWS_FEED_PARSE_BUDGET_MS must be at most 30000');
    expect(refusal({ NEWS_FEED_PARSE_BUDGET_MS: 'soon' })).toContain('NEWS_FEED_PARSE_BUDGET_MS must be a number of milliseconds');
  });

  it('serves no metrics without METRICS_TOKEN and refuses a short or unprintable one', () => {
    expect(loadRuntimeConfig({}).metricsToken).toBeUndefined();
    expect(loadRuntimeConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe('x'.repeat(16));
    expect(refusal({ METRICS_TOKEN: 'short' })).toContain('METRICS_TOKEN must be at least 16 characters');
    expect(refusal({ METRICS_TOKEN: `${'x'.repeat(16)} y` })).toContain('METRICS_TOKEN may hold only visible ASCII characters');
  });
});

describe('finance settings', () => {
  it('assumes the spec\'s 3.9% APR over 60 months with a 20% deposit unless FINANCE_TERM_MONTHS and FINANCE_APR_PERCENT say otherwise', () => {
    expect(loadRuntimeConfig({}).finance).toEqual({ aprPercent: 3.9, termMonths: 60, depositShare: 0.2, termsMonths: [12, 24, 36, 48, 60, 72] });
    expect(loadRuntimeConfig({ FINANCE_TERM_MONTHS: '36', FINANCE_APR_PERCENT: '12.5' }).finance).toMatchObject({ aprPercent: 12.5, termMonths: 36 });
  });

  it('refuses a term no calculator offers and an APR outside 0 to 100, naming the variable', () => {
    expect(() => loadRuntimeConfig({ FINANCE_TERM_MONTHS: '30' })).toThrow(/FINANCE_TERM_MONTHS must be one of 12, 24, 36, 48, 60, 72/);
    expect(() => loadRuntimeConfig({ FINANCE_APR_PERCENT: '-1' })).toThrow(/FINANCE_APR_PERCENT must be between 0 and 100/);
  });
});

describe("Tara's language model settings", () => {
  it('has no model unless TARA_LLM_URL is set: the rules engine answers', () => {
    expect(loadRuntimeConfig({}).taraModel).toBeNull();
    expect(loadRuntimeConfig({ TARA_LLM_MODEL: 'qwen2.5', TARA_LLM_API_KEY: 'sk-test' }).taraModel).toBeNull();
  });

  it('reads the endpoint, model, key and timeout (4 s by default)', () => {
    expect(loadRuntimeConfig({ TARA_LLM_URL: 'http://127.0.0.1:8080/v1/', TARA_LLM_MODEL: 'qwen2.5-7b-instruct' }).taraModel).toEqual({
      url: 'http://127.0.0.1:8080/v1',
      model: 'qwen2.5-7b-instruct',
      apiKey: undefined,
      timeoutMs: 4000,
    });
    expect(loadRuntimeConfig({ TARA_LLM_URL: 'https://api.example.com/v1', TARA_LLM_MODEL: 'm', TARA_LLM_API_KEY: 'sk-abc', TARA_LLM_TIMEOUT_MS: '2500' }).taraModel).toMatchObject({ apiKey: 'sk-abc', timeoutMs: 2500 });
  });

  it('refuses a URL without a model, a bad URL, a key that cannot travel in a header and a timeout out of bounds, naming each', () => {
    expect(() => loadRuntimeConfig({ TARA_LLM_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/TARA_LLM_MODEL must name the model when TARA_LLM_URL is set/);
    expect(() => loadRuntimeConfig({ TARA_LLM_URL: 'localhost:8080', TARA_LLM_MODEL: 'm' })).toThrow(/TARA_LLM_URL must be the base URL/);
    expect(() => loadRuntimeConfig({ TARA_LLM_URL: 'http://h/v1', TARA_LLM_MODEL: 'm', TARA_LLM_API_KEY: 'sk abc\n' })).toThrow(/TARA_LLM_API_KEY may hold only visible ASCII/);
    expect(() => loadRuntimeConfig({ TARA_LLM_TIMEOUT_MS: '60000' })).toThrow(/TARA_LLM_TIMEOUT_MS must be at most 30000/);
    expect(() => loadRuntimeConfig({ TARA_LLM_TIMEOUT_MS: '10' })).toThrow(/TARA_LLM_TIMEOUT_MS must be at least 100/);
  });
});

describe('requireStatusTokenSecret: may the API and the workers start on the built-in secret?', () => {
  const startsWith = (env: Record<string, string>) => () => requireStatusTokenSecret(loadRuntimeConfig(env));

  it('refuses without NODE_ENV (npm run start:api as it is), in production and in test, naming STATUS_TOKEN_SECRET and how to make one', () => {
    expect(loadRuntimeConfig({}).nodeEnv).toBe('production');
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'test' }] as Record<string, string>[]) {
      expect(startsWith(env)).toThrow(ConfigError);
      expect(startsWith(env)).toThrow(/^STATUS_TOKEN_SECRET is not set, or is the built-in development secret \(NODE_ENV is (production|test)\)[\s\S]*openssl rand -base64 48[\s\S]*NODE_ENV=development allows the built-in secret, or `npm start` keeps a secret of its own/);
    }
  });

  it('refuses the built-in secret given by name as well', () => {
    expect(startsWith({ STATUS_TOKEN_SECRET: loadRuntimeConfig({ NODE_ENV: 'development' }).statusTokenSecret })).toThrow(/is the built-in development secret/);
  });

  it('starts on the built-in secret when NODE_ENV says development, and on a secret of its own anywhere', () => {
    expect(startsWith({ NODE_ENV: 'development' })).not.toThrow();
    expect(loadRuntimeConfig({ NODE_ENV: 'development' }).statusTokenSecret).toMatch(/^development-only/);
    expect(startsWith({ STATUS_TOKEN_SECRET: SECRET })).not.toThrow();
    expect(startsWith({ NODE_ENV: 'production', STATUS_TOKEN_SECRET: SECRET })).not.toThrow();
  });

  it('leaves the commands that neither sign nor seal (seed, rebuild, the launcher before it has its secret) free to read the configuration', () => {
    expect(() => loadRuntimeConfig({ NODE_ENV: 'production' })).not.toThrow();
  });
});
