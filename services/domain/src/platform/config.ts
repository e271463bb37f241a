import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every setting the product reads from its environment. Parsed once at start-up and passed down;
 * nothing below this reads process.env.
 */
export const RuntimeConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number({ error: 'PORT must be a port number (0-65535)' }).int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1).optional(),
    REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]+$/i, 'QUEUE_PREFIX may hold only letters, digits, _ and - (BullMQ ids must not contain ":")')
      .default('autobest'),
    DATA_DIR: z.string().min(1).default('.data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_EMAIL: z.email().default('admin@autobest.local'),
    ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
    SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
    COOKIE_SECURE: booleanFlag.optional(),
    TRUST_PROXY: booleanFlag.default(false),
    PROJECTOR_SAFETY_NET_MS: z.coerce.number().int().min(500).default(5000),
    UPLOADS_DIR: z.string().min(1).optional(),
    SMTP_URL: z.url({ error: 'SMTP_URL must be a URL like smtp://user:pass@host:587' }).optional(),
    MAIL_FROM: z.string().min(3).default('AutoBest Africa <no-reply@autobest.africa>'),
    STAFF_NOTIFICATION_EMAIL: z.email().optional(),
    CONTACT_PHONE: z.string().min(5).default('+234 800 288 6237'),
    RATES_URL: z.url({ error: 'RATES_URL must be a URL like https://openexchangerates.org/api' }).optional(),
    RATES_APP_ID: z.string().min(1).optional(),
    RATES_REFRESH_MS: z.coerce.number().int().min(60_000).default(6 * 3_600_000),
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX,
    dataDir: env.DATA_DIR,
    logLevel: env.LOG_LEVEL,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    sessionTtlHours: env.SESSION_TTL_HOURS,
    cookieSecure: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
    trustProxy: env.TRUST_PROXY,
    projectorSafetyNetMs: env.PROJECTOR_SAFETY_NET_MS,
    uploadsDir: env.UPLOADS_DIR ?? `${env.DATA_DIR}/uploads`,
    searchCacheTtlMs: env.SEARCH_CACHE_TTL_MS,
    rates: { url: env.RATES_URL, appId: env.RATES_APP_ID, refreshMs: env.RATES_REFRESH_MS },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      staffNotificationEmail: env.STAFF_NOTIFICATION_EMAIL ?? env.ADMIN_EMAIL,
      contactPhone: env.CONTACT_PHONE,
    },
  }));

export type RuntimeConfig = z.output<typeof RuntimeConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the configuration from an environment record; throws one readable error naming every bad variable. */
export function loadRuntimeConfig(env: Record<string, string | undefined>): RuntimeConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = RuntimeConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

export function requireDatabaseUrl(config: RuntimeConfig): string {
  if (!config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is not set. Set it, or run `npm start`, which starts an embedded PostgreSQL.');
  }
  return config.databaseUrl;
}
