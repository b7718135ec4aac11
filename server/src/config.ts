import { countryName } from '@proper-parts/domain/addresses';
import { vatNumberCountry } from '@proper-parts/domain/tax';
import { z } from 'zod';
import { booleanFlag, emailList, isTimeZone, optionalString, trustProxy } from './config-fields.ts';
import { StartupError } from './errors.ts';

/** Every setting of the server, read once from the environment. `.env.example` lists them all. */
const configObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /**
   * A PostgreSQL hot standby of DATABASE_URL that answers the public catalog's reads (decision
   * 025); writes and a buyer's own data stay on DATABASE_URL.
   */
  DATABASE_READ_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(500, 'must be between 500 and 600000')
    .max(600_000, 'must be between 500 and 600000')
    .default(4000),
  PUBLIC_URL: optionalString.pipe(z.url('must be a URL like http://localhost:3000').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Issue 32: `off` answers every catalog read (search, its counts, products, brands, categories,
   * `/tools`) from the database, never from memory: what the cold-search bench measures, and a
   * way to rule the caches out. `on` (the default) keeps answers as decision 008 says.
   */
  CATALOG_CACHE: z.enum(['on', 'off']).default('on'),
  SEED_DEMO: booleanFlag.default(true),
  /** How many parts the demo catalog of a first start has (the tests' server processes: fewer). */
  DEMO_CATALOG_PARTS: z.coerce
    .number({ error: 'must be a number of parts' })
    .int('must be a whole number')
    .min(100, 'must be between 100 and 10000')
    .max(10_000, 'must be between 100 and 10000')
    .default(10_000),
  AUTH_SECRET: optionalString,
  ADMIN_EMAILS: emailList,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Proper Parts <no-reply@properparts.local>'),
  MAIL_OUTBOX_MAX_FILES: z.coerce
    .number({ error: 'must be a number of files' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 10000000')
    .max(10_000_000, 'must be between 1 and 10000000')
    .default(1000),
  MAIL_OUTBOX_MAX_AGE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0')
    .max(87_600, 'must be at most 87600 (10 years)')
    .default(168),
  /** The seller on every invoice (issue 18); the defaults are the demo shop's. */
  INVOICE_SELLER_NAME: z.string().default('Proper Parts'),
  INVOICE_SELLER_ADDRESS: z.string().default('1 Workshop Lane, Springfield, IL 62701, USA'),
  INVOICE_SELLER_TAX_ID: z.string().default('EIN 00-0000000'),
  INVOICE_SELLER_EMAIL: z.string().default('billing@properparts.local'),
  /**
   * Issue 33: the shop's tax origin and registrations. SHOP_TAX_COUNTRY/REGION: where it ships
   * from; SHOP_VAT_NUMBER: its EU VAT registration (without it, no EU VAT is charged: exports);
   * SHOP_SALES_TAX_IDS: its US sales-tax permits as printed on invoices ("TX 32012345678; ...").
   */
  SHOP_TAX_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => countryName(code) !== undefined, 'must be an ISO 3166 country code, e.g. US')
    .default('US'),
  SHOP_TAX_REGION: z.string().trim().max(100).default('IL'),
  SHOP_VAT_NUMBER: optionalString.pipe(
    z
      .string()
      .refine(
        (vat) => vatNumberCountry(vat) !== undefined,
        'must be an EU VAT number whose format and check digits hold, e.g. DE136695976',
      )
      .optional(),
  ),
  SHOP_SALES_TAX_IDS: z.string().trim().max(500).default(''),
  /** Issue 19: how long an order awaiting approval holds its stock before it is released. */
  APPROVAL_HOLD_HOURS: z.coerce
    .number()
    .int('must be whole hours')
    .min(1, 'must be at least 1')
    .max(2160, 'must be at most 2160 (90 days)')
    .default(72),
  /** Issue 37: days after its shipment within which a buyer may ask to return a line (decision 037). */
  RETURN_WINDOW_DAYS: z.coerce
    .number()
    .int('must be whole days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650 (10 years)')
    .default(30),
  /** Issue 21: how long audit log entries are kept; older ones are swept away (2 years). */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int('must be whole days')
    .min(1, 'must be at least 1')
    .max(36_500, 'must be at most 36500 (100 years)')
    .default(730),
  /**
   * Issue 21: the time zone of the shop's days on the sales dashboard (an IANA name). Changing it
   * rebuilds the sales roll-ups in the background from the next start (decisions 024, 028).
   */
  SHOP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone name, e.g. UTC or America/Chicago')
    .default('UTC'),
  /**
   * Orders a step of that rebuild counts, in one transaction: a sale's commit waits for at most
   * one step (decision 028). Fewer: shorter waits, a longer rebuild.
   */
  SALES_REBUILD_STEP_ORDERS: z.coerce
    .number({ error: 'must be a number of orders' })
    .int('must be a whole number')
    .min(100, 'must be between 100 and 100000')
    .max(100_000, 'must be between 100 and 100000')
    .default(2000),
  /**
   * Issue 21: Prometheus metrics at `GET /metrics`, never on the shop's open port without a key.
   * METRICS_PORT serves them on a port of their own (bind it to a private interface with
   * METRICS_HOST); METRICS_TOKEN serves them on the shop's port to `Authorization: Bearer <token>`.
   * With neither, there is no /metrics.
   */
  METRICS_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .transform(Number)
      .refine((port) => port >= 1 && port <= 65535, 'must be between 1 and 65535')
      .optional(),
  ),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters (it guards the metrics)').optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: z.string().default('OpenID Connect'),
  /** Behind a reverse proxy: whose X-Forwarded-For to believe for client IPs (limits, sessions). */
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** The window those attempts are counted over, in seconds (a minute; tests shorten it). */
  RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .default(60),
  /** Issue 34: calls per minute one API key may make (each counted; a stock update is one). */
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce
    .number({ error: 'must be a number of calls' })
    .int('must be a whole number of calls')
    .min(1, 'must be at least 1 call')
    .default(600),
  /**
   * Issue 34: webhooks. The delivery worker runs in every server process (WEBHOOK_WORKER=false
   * leaves it to others); `for update skip locked` gives each delivery to one of them.
   */
  WEBHOOK_WORKER: booleanFlag.default(true),
  /** How long an idle worker waits before it looks for due deliveries again. */
  WEBHOOK_WORKER_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number')
    .min(10, 'must be between 10 and 600000')
    .max(600_000, 'must be between 10 and 600000')
    .default(1000),
  /** Deliveries claimed a round, and posted at once. */
  WEBHOOK_WORKER_BATCH: z.coerce.number().int().min(1).max(1000).default(100),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /** A receiver that has not answered in this long has failed the attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Retries: base × 2^(attempt − 1), capped, jittered; failed after WEBHOOK_RETRY_FOR_HOURS. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(10_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  WEBHOOK_RETRY_FOR_HOURS: z.coerce.number().positive().max(720).default(72),
  /** An endpoint failing without a success this long is disabled and its admin mailed. */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().max(720).default(24),
  /** Allow endpoints on loopback and private networks (tests, a receiver inside the LAN). */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag.default(false),
  /** Allow http:// endpoints (tests); otherwise https only. */
  WEBHOOK_ALLOW_HTTP: booleanFlag.default(false),
  /**
   * Days an outbox event is kept once no delivery waits on it (delivered or given up, or no
   * endpoint wanted it); the hourly sweep deletes older ones with their delivery logs.
   */
  WEBHOOK_RETENTION_DAYS: z.coerce
    .number()
    .int('must be whole days')
    .min(1, 'must be at least 1')
    .max(36_500, 'must be at most 36500 (100 years)')
    .default(30),
  /** Issue 34: minutes a PunchOut StartPage link (or OCI login) stays good; it works once. */
  PUNCHOUT_START_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(60, 'must be at most 60 minutes')
    .default(5),
  /** Rate limits counted in Redis, so they hold across processes; without it, per process. */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  /** Put before every Redis key of this shop (several shops or test runs can share one Redis). */
  REDIS_KEY_PREFIX: z.string().default('proper-parts:'),
  WEB_DIST_DIR: optionalString,
  /** Card payments through Stripe when both keys are set; otherwise the offline sandbox. */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  /** Signing secret of the `POST /api/v1/webhooks/stripe` endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another address for Stripe's API (stripe-mock, or the tests' local stand-in). */
  STRIPE_API_URL: optionalString.pipe(
    z.url('must be a URL like http://127.0.0.1:12111').optional(),
  ),
});

/** Every setting's name; `.env.example` must list each of them. */
export const configKeys = Object.keys(configObject.shape);

/** Without PUBLIC_URL, the shop answers on every loopback name of its port (the start log shows 127.0.0.1). */
function loopbackOrigins(port: number) {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
}

export const configSchema = configObject
  .refine((c) => !c.DATABASE_READ_URL || c.DATABASE_URL, {
    path: ['DATABASE_READ_URL'],
    message: 'needs DATABASE_URL: the embedded database has no replicas',
  })
  .transform((c) => {
    const PUBLIC_URL = c.PUBLIC_URL ?? `http://localhost:${c.PORT || 3000}`;
    return {
      ...c,
      PUBLIC_URL,
      /** Whether PUBLIC_URL was set (then it is the one origin the shop trusts). */
      publicUrlSet: c.PUBLIC_URL !== undefined,
      trustedOrigins: c.PUBLIC_URL
        ? [new URL(c.PUBLIC_URL).origin]
        : loopbackOrigins(c.PORT || 3000),
    };
  });

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; a bad value throws a ConfigError whose message is one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value means unset (`NODE_ENV=` in a copied .env must not stop the start).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim() !== ''));
  const result = configSchema.safeParse(set);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => {
    const key = i.path.join('.');
    const value = env[key];
    return `${key}=${JSON.stringify(value ?? '')} ${i.message}`;
  });
  throw new StartupError(`Invalid configuration: ${problems.join('; ')}`);
}
