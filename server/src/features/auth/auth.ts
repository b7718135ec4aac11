import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { appState, schema } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import {
  evictPreRegistrant,
  invalidateResetLinks,
  markEmailConfirmed,
  promoteConfirmedAdmins,
} from './account-rules.ts';
import { confirmationMail, resetMail } from './auth-mails.ts';

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

/** How passwords are hashed and checked: better-auth's scrypt unless given (app.ts). */
export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

export interface CreateAuthOptions {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  passwordHashing?: PasswordHashing;
}

export async function createAuth({ config, db, mailer, log, passwordHashing }: CreateAuthOptions) {
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

  const isAdminEmail = (email: string) => config.ADMIN_EMAILS.includes(email.toLowerCase());
  // Off the request path: the answer must not tell (by its timing) whether an account exists.
  const sendLater = (message: MailMessage) => {
    mailer.send(message).catch((error: unknown) => log.error({ err: error }, 'mail failed'));
  };

  return betterAuth({
    appName: 'Proper Parts',
    baseURL: config.PUBLIC_URL,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        sendLater(resetMail(user.email, url));
      },
      // The reset came through the mailbox: that proves the address, and the other links die.
      // better-auth commits the new password itself, just before: the audit entry (with the
      // address the front door passed on) follows in the transaction of these two changes.
      async onPasswordReset({ user }, request) {
        await db.transaction(async (tx) => {
          await invalidateResetLinks(tx as unknown as Database, user.id);
          await markEmailConfirmed(tx as unknown as Database, config.ADMIN_EMAILS, user.id);
          await recordAudit(
            tx,
            { id: user.id, email: user.email, ip: request?.headers.get('x-forwarded-for') ?? null },
            {
              action: 'auth.password-reset',
              targetType: 'user',
              targetId: user.email,
              summary: `${user.email} set a new password by the mailed reset link`,
            },
          );
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Never: the link alone must not sign anyone into an account someone else may have made.
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, token }, request) {
        // Back to the trusted origin the user signed up on (127.0.0.1 or localhost without
        // PUBLIC_URL), where their session cookie lives; PUBLIC_URL otherwise.
        const origin = request?.headers.get('origin') ?? '';
        const base = config.trustedOrigins.includes(origin) ? origin : config.PUBLIC_URL;
        const url = `${base}/verify-email?token=${encodeURIComponent(token)}`;
        sendLater(confirmationMail(user.email, url));
      },
    },
    socialProviders: google ? { google } : {},
    user: {
      changeEmail: { enabled: false },
      // Our Make Admin route and ADMIN_EMAILS set it; no request body ever does.
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    account: {
      accountLinking: {
        enabled: true,
        // No provider is trusted by name: a login joins an account only when its provider says
        // the email is verified (Google's verified emails, an OIDC `email_verified` claim).
        trustedProviders: [],
        // A verified login may join an unconfirmed account: evictPreRegistrant runs first.
        requireLocalEmailVerified: false,
      },
    },
    // Our own per-IP and per-email limits sit in front (auth-routes.ts).
    rateLimit: { enabled: false },
    // The front door sets X-Forwarded-For to the client IP Fastify derived under TRUST_PROXY.
    advanced: { ipAddress: { ipAddressHeaders: ['x-forwarded-for'] } },
    databaseHooks: {
      user: {
        create: {
          async before(newUser) {
            const admin = newUser.emailVerified === true && isAdminEmail(newUser.email);
            return { data: { ...newUser, role: admin ? 'admin' : 'user' } };
          },
        },
        update: {
          async after(updated) {
            if (updated.emailVerified && isAdminEmail(updated.email)) {
              await promoteConfirmedAdmins(db, config.ADMIN_EMAILS, updated.id);
            }
          },
        },
      },
      account: {
        create: {
          async before(newAccount) {
            if (newAccount.providerId !== 'credential')
              await evictPreRegistrant(db, newAccount.userId);
          },
        },
      },
    },
    plugins: [bearer(), genericOAuth({ config: oidc })],
    telemetry: { enabled: false },
    // A fault (the database gone) reaches our error handler: a 503 in the envelope, logged
    // scrubbed. Otherwise better-call prints the raw error, query parameters (session tokens)
    // included, to stderr and answers an empty 500.
    onAPIError: { throw: true },
    // Into our pino log, with its level, instead of straight to the console; every line is
    // scrubbed of credentials there (log-options.ts).
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `better-auth: ${message}`),
    },
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
