import { z } from 'zod';
import { StartupError } from './errors.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

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
  PUBLIC_URL: optionalString.pipe(z.url('must be a URL like http://localhost:3000').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.default(true),
  AUTH_SECRET: optionalString,
  ADMIN_EMAILS: emailList,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Proper Parts <no-reply@properparts.local>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_NAME: z.string().default('OpenID Connect'),
  /** Behind a reverse proxy: trust X-Forwarded-For for client IPs (rate limits, logs). */
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  WEB_DIST_DIR: optionalString,
});

/** Every setting's name; `.env.example` must list each of them. */
export const configKeys = Object.keys(configObject.shape);

export const configSchema = configObject.transform((c) => ({
  ...c,
  PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT || 3000}`,
}));

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; a bad value throws a ConfigError whose message is one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => {
    const key = i.path.join('.');
    const value = env[key];
    return `${key}=${JSON.stringify(value ?? '')} ${i.message}`;
  });
  throw new StartupError(`Invalid configuration: ${problems.join('; ')}`);
}
