import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, DatabaseKind } from './db/client.ts';
import { registerAccessHook } from './features/auth/access-hook.ts';
import { createAuth, promoteBootstrapAdmins } from './features/auth/auth.ts';
import { authOptionsRoutes } from './features/auth/auth-options-routes.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { catalogRoutes } from './features/catalog/catalog-routes.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { createMailer } from './features/mail/mailer.ts';
import { profileRoutes } from './features/profile/profile-routes.ts';
import { usersRoutes } from './features/users/users-routes.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbKind: DatabaseKind;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  logger?: boolean | object;
  /** Without SMTP_URL, mails are written here as .eml files (DATA_DIR/mail). */
  mailOutboxDir?: string;
}

/** Builds the whole app (API, docs, web) without listening; tests drive it with `app.inject`. */
export async function buildApp({ config, db, dbKind, logger, mailOutboxDir }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Path parameters carry emails, which may be up to 254 characters.
    maxParamLength: 300,
    // Bad percent-encoding and over-long path parameters were answered without the error envelope.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dbKind', dbKind);

  registerErrorHandler(app);
  registerInputGuard(app);
  await registerSecurity(app);
  await registerOpenApi(app);

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: mailOutboxDir,
    log: app.log,
  });
  const auth = await createAuth({ config, db, mailer, log: app.log });
  await promoteBootstrapAdmins(db, config.ADMIN_EMAILS);
  registerAccessHook(app, auth);
  await app.register(authRoutes(auth, config.RATE_LIMIT_AUTH_PER_MINUTE), {
    prefix: '/api/v1/auth',
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogRoutes);
      await api.register(authOptionsRoutes);
      await api.register(usersRoutes);
      await api.register(profileRoutes);
    },
    { prefix: '/api/v1' },
  );

  await registerSpa(app, config.WEB_DIST_DIR);
  return app;
}
