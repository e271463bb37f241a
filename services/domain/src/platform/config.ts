import { z } from 'zod';
import { cronPatternProblem } from './cronPattern';
import { STAFF_ROLES, type StaffRole } from '../staff/roles';
import { DEFAULT_APR_PERCENT, DEFAULT_DEPOSIT_SHARE, DEFAULT_FINANCE_TERM_MONTHS, FINANCE_TERMS_MONTHS } from '../money/finance';
import type { WhatsAppTemplate } from '../whatsapp';

const API_PROCESSES_MESSAGE = 'API_PROCESSES must be auto or a whole number from 1 to 64';
/**
 * Signs status links and seals two-factor secrets when STATUS_TOKEN_SECRET is not set: anyone who reads this code
 * can forge links and open secrets made with it, so the API and the workers start with it only when NODE_ENV says
 * development (requireStatusTokenSecret). `npm start` keeps a random secret in DATA_DIR instead, and the tests that
 * start them as processes give one (infra/src/processes.ts).
 */
const DEVELOPMENT_STATUS_TOKEN_SECRET = 'development-only-status-token-secret-do-not-deploy';

/** An approved WhatsApp template's name, as WhatsApp Manager allows it. */
const whatsappTemplateName = (variable: string, defaultName: string) =>
  z.string().regex(/^[a-z0-9_]+$/, `${variable} must be a template name: lower case letters, digits and _`).default(defaultName);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** proxy-addr's names for private ranges, e.g. a container network's addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const AddressOrRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
const isAddressOrRange = (entry: string): boolean => NAMED_RANGES.has(entry) || AddressOrRange.safeParse(entry).success;

const TRUST_PROXY_HELP =
  'write how many proxies stand in front of the API (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,172.16.0.0/12)';

/**
 * Which peers may tell the client's address (X-Forwarded-For) and protocol: a number of proxy hops (each trusted
 * only from a loopback or private address, see the API's proxyTrust) or a list of addresses and ranges. Trusting
 * every peer would let each client pick its own address and step around every limit counted per address, so
 * `true` is refused. Unset, `0` or `false`: trust nobody.
 */
const ProxyTrustSchema = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === 'false' || lower === 'no') return false;
    if (/^\d+$/.test(value)) return Number(value) > 0 ? Number(value) : false;
    if (['true', 'yes', 'all', '*'].includes(lower)) {
      context.addIssue({ code: 'custom', message: `TRUST_PROXY=${value} would let every client choose its own address; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length > 0) {
      context.addIssue({ code: 'custom', message: `${bad.map((entry) => `"${entry}"`).join(', ')} is not an address or range; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    }
    return entries;
  });

/** A cron pattern setting (see cronPattern.ts), with its spacing made regular. */
const CronPatternSchema = z
  .string()
  .trim()
  .superRefine((pattern, context) => {
    const problem = cronPatternProblem(pattern);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((pattern) => pattern.split(/\s+/).join(' '));

/**
 * A public URL on plain http that only this machine opens (development, and the default when PUBLIC_URL is unset):
 * the one case where the session cookie goes without Secure. Anywhere else a plain-http cookie could be read on the
 * network; an installation that really serves staff over plain http must say COOKIE_SECURE=false.
 */
const isPlainHttpLocalhost = (publicUrl: string | undefined): boolean => {
  if (publicUrl === undefined) return true;
  const url = new URL(publicUrl);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
};

/**
 * The roles that must sign in with a second factor: a comma list of roles, `none` (or empty) for nobody. An unknown
 * role is refused, so a typo cannot quietly leave admins without two-factor sign-in.
 */
const MfaRequiredForSchema = z
  .string()
  .trim()
  .transform((value, context): StaffRole[] => {
    if (value === '' || value.toLowerCase() === 'none') return [];
    const entries = value.split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== '');
    const unknown = entries.filter((entry) => !(STAFF_ROLES as readonly string[]).includes(entry));
    if (unknown.length > 0) {
      context.addIssue({ code: 'custom', message: `${unknown.map((entry) => `"${entry}"`).join(', ')} is not a role; write roles from ${STAFF_ROLES.join(', ')} separated by commas, or none` });
      return z.NEVER;
    }
    return [...new Set(entries)] as StaffRole[];
  });

/** Settings where an empty value says something (nobody), unlike the rest, where empty means unset. */
const EMPTY_MEANS_NONE = new Set(['STAFF_MFA_REQUIRED_FOR']);

/**
 * Every setting the product reads from its environment. Parsed once at start-up and passed down;
 * nothing below this reads process.env.
 */
export const RuntimeConfigSchema = z
  .object({
    // Unset is production: a forgotten NODE_ENV must not put the built-in secret in charge of real status links.
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
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
    SESSION_IDLE_MINUTES: z.coerce.number({ error: 'SESSION_IDLE_MINUTES must be a number of minutes' }).int().min(1).max(24 * 60).default(30),
    COOKIE_SECURE: booleanFlag.optional(),
    STAFF_MFA_REQUIRED_FOR: MfaRequiredForSchema.default(['admin']),
    TRUST_PROXY: ProxyTrustSchema.default(false),
    PROJECTOR_SAFETY_NET_MS: z.coerce.number().int().min(500).default(5000),
    UPLOADS_DIR: z.string().min(1).optional(),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
    CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    SMTP_URL: z.url({ error: 'SMTP_URL must be a URL like smtp://user:pass@host:587' }).optional(),
    MAIL_FROM: z.string().min(3).default('AutoBest Africa <no-reply@autobest.africa>'),
    STAFF_NOTIFICATION_EMAIL: z.email().optional(),
    CONTACT_PHONE: z.string().min(5).default('+234 800 288 6237'),
    SMTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    SMTP_GREETING_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    SMTP_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(15),
    EMAIL_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
    EMAIL_JOB_LOCK_MS: z.coerce
      .number({ error: 'EMAIL_JOB_LOCK_MS must be a number of milliseconds' })
      .int('EMAIL_JOB_LOCK_MS must be a whole number of milliseconds')
      .min(1_000, 'EMAIL_JOB_LOCK_MS must be at least 1000 (a workers process renews its hold every half of it)')
      .max(600_000, 'EMAIL_JOB_LOCK_MS must be at most 600000 (10 minutes)')
      .default(30_000),
    WHATSAPP_API_URL: z.url({ error: 'WHATSAPP_API_URL must be a URL like https://graph.facebook.com/v21.0' }).default('https://graph.facebook.com/v21.0'),
    WHATSAPP_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'WHATSAPP_PHONE_NUMBER_ID must be the digits of the phone number id from the WhatsApp Business settings').optional(),
    WHATSAPP_APP_SECRET: z.string().min(1).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
    WHATSAPP_TEMPLATE_CONFIRMATION: whatsappTemplateName('WHATSAPP_TEMPLATE_CONFIRMATION', 'request_received'),
    WHATSAPP_TEMPLATE_STATUS: whatsappTemplateName('WHATSAPP_TEMPLATE_STATUS', 'request_status_update'),
    WHATSAPP_TEMPLATE_RESERVATION: whatsappTemplateName('WHATSAPP_TEMPLATE_RESERVATION', 'reservation_received'),
    WHATSAPP_TEMPLATE_LEAD: whatsappTemplateName('WHATSAPP_TEMPLATE_LEAD', 'lead_received'),
    WHATSAPP_TEMPLATE_FOLLOW_UP_STATUS: whatsappTemplateName('WHATSAPP_TEMPLATE_FOLLOW_UP_STATUS', 'follow_up_status_update'),
    WHATSAPP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(12),
    WHATSAPP_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
    RATES_URL: z.url({ error: 'RATES_URL must be a URL like https://openexchangerates.org/api' }).optional(),
    RATES_APP_ID: z.string().min(1).optional(),
    RATES_CRON: CronPatternSchema.default('0 */6 * * *'),
    // Replaced by RATES_CRON: an installation that still sets it would otherwise get the default schedule unawares.
    RATES_REFRESH_MS: z.undefined({ error: 'RATES_REFRESH_MS is replaced by RATES_CRON, a cron pattern in UTC (e.g. "0 */6 * * *" for every 6 hours)' }).optional(),
    ANALYTICS_RETENTION_DAYS: z.coerce
      .number({ error: 'ANALYTICS_RETENTION_DAYS must be a whole number of days' })
      .int('ANALYTICS_RETENTION_DAYS must be a whole number of days')
      .min(1, 'ANALYTICS_RETENTION_DAYS must be at least 1')
      .max(36_500)
      .default(400),
    CHAT_RETENTION_DAYS: z.coerce
      .number({ error: 'CHAT_RETENTION_DAYS must be a whole number of days' })
      .int('CHAT_RETENTION_DAYS must be a whole number of days')
      .min(1, 'CHAT_RETENTION_DAYS must be at least 1')
      .max(36_500)
      .default(30),
    METRICS_TOKEN: z
      .string()
      .min(16, 'METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -base64 32`)')
      .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN may hold only visible ASCII characters (it travels in an HTTP header)')
      .optional(),
    SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    SEARCH_INDEX: z.enum(['sql', 'memory'], { error: 'SEARCH_INDEX must be sql or memory' }).default('memory'),
    API_PROCESSES: z
      .union([z.literal('auto'), z.coerce.number().int(API_PROCESSES_MESSAGE).min(1, API_PROCESSES_MESSAGE).max(64, API_PROCESSES_MESSAGE)], { error: API_PROCESSES_MESSAGE })
      .default('auto'),
    WORKERS_NICE: z.coerce
      .number({ error: 'WORKERS_NICE must be a niceness from 0 to 19' })
      .int('WORKERS_NICE must be a whole niceness from 0 to 19')
      .min(0, 'WORKERS_NICE must be from 0 to 19')
      .max(19, 'WORKERS_NICE must be from 0 to 19')
      .default(3),
    PUBLIC_WRITE_LIMIT_SCALE: z.coerce
      .number({ error: 'PUBLIC_WRITE_LIMIT_SCALE must be a number like 1, 2 or 0.5' })
      .positive('PUBLIC_WRITE_LIMIT_SCALE must be above 0')
      .max(1_000_000)
      .default(1),
    RATE_LIMIT_IPV6_PREFIX: z.coerce
      .number({ error: 'RATE_LIMIT_IPV6_PREFIX must be a prefix length like 64 (1 to 128)' })
      .int('RATE_LIMIT_IPV6_PREFIX must be a whole number of bits (1 to 128)')
      .min(1, 'RATE_LIMIT_IPV6_PREFIX must be between 1 and 128')
      .max(128, 'RATE_LIMIT_IPV6_PREFIX must be between 1 and 128')
      .default(64),
    STATUS_TOKEN_SECRET: z.string().min(32, 'STATUS_TOKEN_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
    NEWS_CRON: CronPatternSchema.default('*/15 * * * *'),
    NEWS_ALLOW_PRIVATE_HOSTS: booleanFlag.default(false),
    NEWS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    NEWS_FEED_PARSE_BUDGET_MS: z.coerce
      .number({ error: 'NEWS_FEED_PARSE_BUDGET_MS must be a number of milliseconds' })
      .int('NEWS_FEED_PARSE_BUDGET_MS must be a whole number of milliseconds')
      .min(100, 'NEWS_FEED_PARSE_BUDGET_MS must be at least 100')
      // A read holds its source for 60 s (workers/src/news/ingest.ts): the 10 s download and the parse must fit in it.
      .max(30_000, 'NEWS_FEED_PARSE_BUDGET_MS must be at most 30000 (30 s)')
      .default(5_000),
    FINANCE_TERM_MONTHS: z.coerce
      .number({ error: `FINANCE_TERM_MONTHS must be one of ${FINANCE_TERMS_MONTHS.join(', ')} (months)` })
      .refine((months) => (FINANCE_TERMS_MONTHS as readonly number[]).includes(months), `FINANCE_TERM_MONTHS must be one of ${FINANCE_TERMS_MONTHS.join(', ')} (months)`)
      .default(DEFAULT_FINANCE_TERM_MONTHS),
    FINANCE_APR_PERCENT: z.coerce
      .number({ error: 'FINANCE_APR_PERCENT must be a percentage like 3.9' })
      .min(0, 'FINANCE_APR_PERCENT must be between 0 and 100')
      .max(100, 'FINANCE_APR_PERCENT must be between 0 and 100')
      .default(DEFAULT_APR_PERCENT),
    TARA_LLM_URL: z.url({ protocol: /^https?$/, error: 'TARA_LLM_URL must be the base URL of an OpenAI-compatible API, like http://127.0.0.1:8080/v1' }).optional(),
    TARA_LLM_MODEL: z.string().trim().min(1).max(200).optional(),
    TARA_LLM_API_KEY: z.string().min(1).regex(/^[\x21-\x7e]+$/, 'TARA_LLM_API_KEY may hold only visible ASCII characters (it travels in an HTTP header)').optional(),
    TARA_LLM_TIMEOUT_MS: z.coerce
      .number({ error: 'TARA_LLM_TIMEOUT_MS must be a number of milliseconds' })
      .int('TARA_LLM_TIMEOUT_MS must be a whole number of milliseconds')
      .min(100, 'TARA_LLM_TIMEOUT_MS must be at least 100')
      .max(30_000, 'TARA_LLM_TIMEOUT_MS must be at most 30000 (a buyer waits for the reply)')
      .default(4_000),
  })
  .superRefine((env, context) => {
    if (env.TARA_LLM_URL && !env.TARA_LLM_MODEL) context.addIssue({ code: 'custom', path: ['TARA_LLM_MODEL'], message: 'TARA_LLM_MODEL must name the model when TARA_LLM_URL is set' });
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
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    cookieSecure: env.COOKIE_SECURE ?? !isPlainHttpLocalhost(env.PUBLIC_URL),
    /** Staff of these roles cannot use the console (beyond their own account) until they enrol a second factor. */
    staffMfaRequiredFor: env.STAFF_MFA_REQUIRED_FOR,
    trustProxy: env.TRUST_PROXY,
    projectorSafetyNetMs: env.PROJECTOR_SAFETY_NET_MS,
    uploadsDir: env.UPLOADS_DIR ?? `${env.DATA_DIR}/uploads`,
    /**
     * The whole request, body included. The largest is six 5 MB photos, about 31.5 MB: 300 s lets it through a
     * phone uplink of 0.9 Mbit/s, while a client that dribbles bytes cannot hold a connection for ever.
     */
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    /** Silence on a connection while a request is under way: a client that stalls is cut off. */
    connectionTimeoutMs: env.CONNECTION_TIMEOUT_MS,
    searchCacheTtlMs: env.SEARCH_CACHE_TTL_MS,
    /**
     * Where the catalogue search is answered (issue 19): `sql` counts in PostgreSQL; `memory` keeps an index of
     * vehicle_search in each API process, followed within a second, and answers in SQL until it is loaded.
     */
    searchIndex: env.SEARCH_INDEX,
    /**
     * How many processes `npm run start:api` (services/api/src/server.ts) serves with on one port: `auto` is one per
     * CPU the system gives us. Each holds its own search index; the installation's state is in PostgreSQL and Redis.
     */
    apiProcesses: env.API_PROCESSES,
    /**
     * The niceness `npm start` gives its workers process (0 to 19): when the machine is busy, the API's requests get the
     * CPU first and the workers catch up in larger batches (infra/src/workersProcess.ts).
     */
    workersNice: env.WORKERS_NICE,
    /** Multiplies every count of PUBLIC_WRITE_LIMITS: more where many people share one address (carrier NAT), or for load tests. */
    publicWriteLimitScale: env.PUBLIC_WRITE_LIMIT_SCALE,
    /**
     * Limits per address count an IPv6 client by this many leading bits of its address: a subscriber is given a whole
     * /64 (RFC 6177), and could otherwise take a fresh address for every attempt. IPv4 clients count per address.
     */
    rateLimitIpv6Prefix: env.RATE_LIMIT_IPV6_PREFIX,
    /** Status links are an HMAC of the request's id under this secret: changing it breaks every link sent. */
    statusTokenSecret: env.STATUS_TOKEN_SECRET ?? DEVELOPMENT_STATUS_TOKEN_SECRET,
    rates: { url: env.RATES_URL, appId: env.RATES_APP_ID, cron: env.RATES_CRON },
    /** Analytics events older than this many days are deleted by the workers' housekeeping. */
    analyticsRetentionDays: env.ANALYTICS_RETENTION_DAYS,
    /** Tara's conversations that left no contact are deleted (events and read models) this many days after their last message. */
    chatRetentionDays: env.CHAT_RETENTION_DAYS,
    /** The bearer token Prometheus sends to GET /metrics; unset, the API serves no /metrics at all. */
    metricsToken: env.METRICS_TOKEN,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      staffNotificationEmail: env.STAFF_NOTIFICATION_EMAIL ?? env.ADMIN_EMAIL,
      contactPhone: env.CONTACT_PHONE,
      /** How long the mail server may take to accept a connection, to greet us, and to answer (or stay silent) mid-session. */
      timeouts: { connectionMs: env.SMTP_CONNECTION_TIMEOUT_MS, greetingMs: env.SMTP_GREETING_TIMEOUT_MS, socketMs: env.SMTP_SOCKET_TIMEOUT_MS },
      /**
       * Each email is tried up to maxAttempts times; the first retry waits retryDelayMs and each next one twice as long
       * (less up to a fifth, so a backlog does not retry in lockstep): 15 attempts from 5 s span about 21 to 23 hours.
       */
      delivery: { maxAttempts: env.EMAIL_MAX_ATTEMPTS, retryDelayMs: env.EMAIL_RETRY_DELAY_MS },
      /**
       * How long an email's delivery job stays with a workers process that stopped renewing its hold on it (killed,
       * or frozen); the queue looks for such jobs as often, so after one to three of these another process sends it.
       */
      jobLockMs: env.EMAIL_JOB_LOCK_MS,
    },
    /**
     * The WhatsApp Business Cloud API (issue 41). Without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID messages are only
     * logged and recorded as sent (transport 'log'), as emails are without SMTP_URL. The app secret checks the
     * signature of every webhook (none is accepted without it); the verify token answers Meta's handshake.
     */
    whatsapp: {
      apiUrl: env.WHATSAPP_API_URL.replace(/\/$/, ''),
      token: env.WHATSAPP_TOKEN,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: env.WHATSAPP_APP_SECRET,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN,
      /** The approved template name of each message we send. */
      templates: {
        confirmation: env.WHATSAPP_TEMPLATE_CONFIRMATION,
        status: env.WHATSAPP_TEMPLATE_STATUS,
        'reservation-confirmation': env.WHATSAPP_TEMPLATE_RESERVATION,
        'lead-confirmation': env.WHATSAPP_TEMPLATE_LEAD,
        'follow-up-status': env.WHATSAPP_TEMPLATE_FOLLOW_UP_STATUS,
      } satisfies Record<WhatsAppTemplate, string>,
      /** As for emails: the first retry waits retryDelayMs and each next one twice as long (12 from 5 s: about 5.7 hours). */
      delivery: { maxAttempts: env.WHATSAPP_MAX_ATTEMPTS, retryDelayMs: env.WHATSAPP_RETRY_DELAY_MS },
    },
    news: {
      /** When the news feeds are read, a cron pattern in UTC (every 15 minutes by default). */
      cron: env.NEWS_CRON,
      /**
       * Feeds on loopback and private addresses are refused, so a staff-entered URL cannot probe the internal network;
       * tests (and an installation whose feeds really are internal) allow them.
       */
      allowPrivateHosts: env.NEWS_ALLOW_PRIVATE_HOSTS,
      /** How long the API reuses an identical news or video answer (browsers keep them 5 and 10 minutes anyway). */
      cacheTtlMs: env.NEWS_CACHE_TTL_MS,
      /**
       * How long reading one feed's text (decoding, XML, cleaning the articles) may take, in a thread of its own that is
       * ended when over it: a real feed takes milliseconds, a hostile one would otherwise hold the workers' CPU.
       */
      feedParseBudgetMs: env.NEWS_FEED_PARSE_BUDGET_MS,
    },
    /**
     * The terms every monthly figure assumes (cards, the vehicle page's calculator, quotes): the lender's APR and the
     * default term; cards assume a deposit of DEFAULT_DEPOSIT_SHARE of the price. The storefront gets them in the
     * catalogue's answers.
     */
    /**
     * Tara's optional language model (issue 40.5): any OpenAI-compatible chat-completions endpoint. Unset, the rules
     * engine answers every turn and no request leaves; set, a turn the model fails (timeout, error, a guard) is the
     * rules engine's too.
     */
    taraModel: env.TARA_LLM_URL
      ? { url: env.TARA_LLM_URL.replace(/\/$/, ''), model: env.TARA_LLM_MODEL!, apiKey: env.TARA_LLM_API_KEY, timeoutMs: env.TARA_LLM_TIMEOUT_MS }
      : null,
    finance: { aprPercent: env.FINANCE_APR_PERCENT, termMonths: env.FINANCE_TERM_MONTHS, depositShare: DEFAULT_DEPOSIT_SHARE, termsMonths: [...FINANCE_TERMS_MONTHS] },
  }));

export type RuntimeConfig = z.output<typeof RuntimeConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the configuration from an environment record; throws one readable error naming every bad variable. */
export function loadRuntimeConfig(env: Record<string, string | undefined>): RuntimeConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== undefined && (value !== '' || EMPTY_MEANS_NONE.has(name))));
  const parsed = RuntimeConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/**
 * Refuses to let the API or the workers start on the built-in status-token secret unless NODE_ENV says development.
 * Only they sign status links and seal two-factor secrets; the commands that do neither (seed, rebuild) and the
 * launcher, which keeps its own secret, read the configuration without this.
 */
export function requireStatusTokenSecret(config: RuntimeConfig): void {
  if (config.statusTokenSecret !== DEVELOPMENT_STATUS_TOKEN_SECRET || config.nodeEnv === 'development') return;
  throw new ConfigError(
    `STATUS_TOKEN_SECRET is not set, or is the built-in development secret (NODE_ENV is ${config.nodeEnv}): status links would be signed and two-factor secrets sealed with a secret anyone can read in the code.\n` +
      'Set STATUS_TOKEN_SECRET to 32 or more random characters, the same for the API and the workers, e.g. `export STATUS_TOKEN_SECRET=$(openssl rand -base64 48)`; ' +
      'changing it later breaks the status links already sent and makes staff enrol two-factor sign-in again.\n' +
      'On your own machine, NODE_ENV=development allows the built-in secret, or `npm start` keeps a secret of its own in DATA_DIR.',
  );
}

export function requireDatabaseUrl(config: RuntimeConfig): string {
  if (!config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is not set. Set it, or run `npm start`, which starts an embedded PostgreSQL.');
  }
  return config.databaseUrl;
}
