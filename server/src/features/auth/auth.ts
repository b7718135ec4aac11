import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, genericOAuth } from 'better-auth/plugins';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { appState, schema, user } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';

export const AUTH_BASE_PATH = '/api/v1/auth';
export const OIDC_PROVIDER_ID = 'oidc' as const;

/** The signing secret: AUTH_SECRET, or one generated once and kept in the database (shared by every instance). */
async function resolveSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appState)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appState).where(eq(appState.key, 'auth_secret'));
  if (!row) throw new Error('auth secret missing');
  return row.value;
}

/** ADMIN_EMAILS accounts that already exist become admins at start-up (new ones on sign-up). */
export async function promoteBootstrapAdmins(db: Database, emails: string[]) {
  if (emails.length === 0) return;
  await db.update(user).set({ role: 'admin' }).where(inArray(user.email, emails));
}

export interface CreateAuthOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export async function createAuth({ config, db, mailer, log }: CreateAuthOptions) {
  const secret = await resolveSecret(db, config.AUTH_SECRET);
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET }
      : undefined;
  const oidc =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID
      ? [
          {
            providerId: OIDC_PROVIDER_ID,
            name: config.OIDC_PROVIDER_NAME,
            discoveryUrl: `${config.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
            clientId: config.OIDC_CLIENT_ID,
            clientSecret: config.OIDC_CLIENT_SECRET,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
          },
        ]
      : [];

  return betterAuth({
    appName: 'Proper Parts',
    baseURL: config.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Proper Parts password',
          text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Proper Parts account. Open this link to choose a new one (it works for one hour):\n\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
          link: url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, url }) {
        await mailer.send({
          to: user.email,
          subject: 'Confirm your Proper Parts email',
          text: `Welcome to Proper Parts, ${user.name}!\n\nPlease confirm your email address:\n\n${url}\n`,
          link: url,
        });
      },
    },
    socialProviders: google ? { google } : {},
    user: { changeEmail: { enabled: false } },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', OIDC_PROVIDER_ID] } },
    // Our own per-IP and per-email limits sit in front (auth-routes.ts).
    rateLimit: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          async before(newUser) {
            const isAdmin = config.ADMIN_EMAILS.includes(newUser.email.toLowerCase());
            return { data: { ...newUser, role: isAdmin ? 'admin' : 'user' } };
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      bearer(),
      genericOAuth({ config: oidc }),
    ],
    telemetry: { enabled: false },
    // Into our pino log, with its level, instead of straight to the console.
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `better-auth: ${message}`),
    },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
