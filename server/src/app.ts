import { join } from 'node:path';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { OneLineRequestLog } from './access-line.ts';
import { apiRoutes } from './api-routes.ts';
import type { Config } from './config.ts';
import type { Database, DatabaseKind } from './db/client.ts';
import type { ReadReplica } from './db/read-replica.ts';
import { registerAuditRetention } from './features/audit/audit-retention.ts';
import { registerAccessHook } from './features/auth/access-hook.ts';
import { promoteConfirmedAdmins } from './features/auth/account-rules.ts';
import { type Auth, createAuth, type PasswordHashing } from './features/auth/auth.ts';
import { createAuthLimits } from './features/auth/auth-limits.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { catalogFirstHtml } from './features/catalog/catalog-cache.ts';
import {
  catalogSearchAnswers,
  searchCountsCache,
} from './features/catalog/catalog-search-cache.ts';
import { postgresCatalogSearch } from './features/catalog/postgres-catalog-search.ts';
import { registerApprovalSweep } from './features/companies/approval-sweep.ts';
import { seoRoutes } from './features/content/seo-routes.ts';
import { createMailer } from './features/mail/mailer.ts';
import { reportReplicaState } from './features/metrics/metrics.ts';
import {
  metricsRouteWithToken,
  registerRequestMetrics,
} from './features/metrics/metrics-plugin.ts';
import { setUpPayments } from './features/payments/payment-setup.ts';
import { punchoutRoutes } from './features/punchout/punchout-routes.ts';
import { registerReturnPhotoSweep } from './features/returns/return-photos.ts';
import { registerSalesDayClose } from './features/sales/close-days.ts';
import { useShopTimeZone } from './features/sales/shop-time-zone.ts';
import { registerStatusFold } from './features/sales/status-fold.ts';
import { registerSessionCache } from './features/sessions/session-cache.ts';
import { localImageStorage } from './features/uploads/image-storage.ts';
import { uploadedImageRoutes } from './features/uploads/upload-routes.ts';
import { registerOutboxRetention } from './features/webhooks/outbox-retention.ts';
import { registerWebhookWorker } from './features/webhooks/webhook-worker-plugin.ts';
import { createAnswerReplay, requestIdOf } from './http/answer-replay.ts';
import { registerIdempotentRoutes } from './http/idempotency.ts';
import { logOptions } from './log-options.ts';
import { registerChangeFeed } from './plugins/change-feed.ts';
import { registerCrossSiteGuard } from './plugins/cross-site-guard.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPrivateAnswers } from './plugins/private-answers.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /**
     * The public catalog's reads (decision 025): the read replica with DATABASE_READ_URL, else
     * `db`. Never for a write, a read inside one, a buyer's own data or an admin's reads.
     */
    readDb: Database;
    /** The read replica, with DATABASE_READ_URL (readiness reports it). */
    replica: ReadReplica | undefined;
    dbKind: DatabaseKind;
    /** better-auth; its HTTP calls are reachable only through the front door (auth-routes.ts). */
    auth: Auth;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  /** DATABASE_READ_URL's replica (db/read-replica.ts); without it every read is on `db`. */
  replica?: ReadReplica;
  /** pino options; build them with `logOptions` (log-options.ts), which keeps secrets out. */
  logger?: boolean | object;
  /** Without SMTP_URL, mails are written here as .eml files (DATA_DIR/mail). */
  mailOutboxDir?: string;
  /** Product images (DATA_DIR/uploads); tests give each app its own temporary directory. */
  uploadsDir: string;
  /**
   * Tests only (test/test-passwords.ts): scrypt at a cost the suites can pay thousands of times.
   * The shop always hashes with better-auth's own (~100 ms of CPU a sign-up or sign-in).
   */
  passwordHashing?: PasswordHashing;
  /**
   * Runs the webhook delivery worker in this app (server.ts: WEBHOOK_WORKER). Off unless asked:
   * an in-process test posts nothing unless it starts a worker itself.
   */
  webhookWorker?: boolean;
}

/** Builds the whole app (API, docs, web) without listening; tests drive it with `app.inject`. */
export async function buildApp({
  config,
  db,
  dbKind,
  replica,
  logger,
  mailOutboxDir,
  uploadsDir,
  passwordHashing,
  webhookWorker = false,
}: BuildAppOptions) {
  // Repeated anonymous reads of cached answers are answered before Fastify (decision 029).
  const replay = createAnswerReplay({ trustsProxy: config.TRUST_PROXY !== false });
  const app = Fastify({
    serverFactory: replay.serverFactory,
    logger: logger ?? logOptions(config.LOG_LEVEL),
    // A hop count trusts that many proxies in front of us (Fastify's types take it as a function).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Path parameters carry emails, which may be up to 254 characters.
    routerOptions: { maxParamLength: 300 },
    // Bad percent-encoding and over-long path parameters were answered without the error envelope.
    frameworkErrors: answerFrameworkError,
    // Every log line of a request carries its id (`reqId`), and the answer names it
    // (X-Request-Id): a proxy's id is kept when it looks like one, else a new one is made.
    requestIdHeader: false,
    logController: new OneLineRequestLog(),
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('readDb', replica?.db ?? db);
  app.decorate('replica', replica);
  app.decorate('dbKind', dbKind);

  registerRouteTable(app);
  registerPrivateAnswers(app);
  registerRequestMetrics(app);
  replay.register(app);
  registerErrorHandler(app);
  registerCrossSiteGuard(app);
  registerInputGuard(app);
  registerIdempotentRoutes(app);
  await registerChangeFeed(app);
  if (replica) {
    replica.follow(app.changes, app.log);
    reportReplicaState(() => replica.up);
  }
  await registerSecurity(app);
  await registerOpenApi(app);

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: mailOutboxDir,
    outboxLimits: {
      maxFiles: config.MAIL_OUTBOX_MAX_FILES,
      maxAgeMs: config.MAIL_OUTBOX_MAX_AGE_HOURS * 3600_000,
    },
    log: app.log,
  });
  // Mails queued by the last requests are written (or sent) before the app is closed.
  app.addHook('onClose', () => mailer.drain());
  const auth = await createAuth({ config, db, mailer, log: app.log, passwordHashing });
  app.decorate('auth', auth);
  // Listed admins whose address is confirmed (ADMIN_EMAILS may have changed since).
  await promoteConfirmedAdmins(db, config.ADMIN_EMAILS);
  // server.ts has already done it: here it only reads the stored zone, but for tests and other
  // callers of buildApp. A change starts a rebuild that the sales sweep carries on (decision 028).
  await useShopTimeZone(db, config.SHOP_TIME_ZONE);
  registerSessionCache(app);
  registerAccessHook(app, auth);
  const payments = setUpPayments(config, db);
  const allowAttempt = createAuthLimits(app, {
    max: config.RATE_LIMIT_AUTH_PER_MINUTE,
    windowSeconds: config.RATE_LIMIT_AUTH_WINDOW_SECONDS,
  });
  await app.register(authRoutes(auth, allowAttempt), { prefix: '/api/v1/auth' });

  const images = localImageStorage(uploadsDir);
  // Issue 37: return photos, apart from the product images (never served by /uploads).
  const returnPhotos = localImageStorage(join(uploadsDir, 'returns'));
  const catalogAnswers = catalogSearchAnswers(
    app,
    postgresCatalogSearch(app.readDb, searchCountsCache(app)),
  );
  await app.register(
    apiRoutes({ auth, allowAttempt, mailer, payments, images, returnPhotos, catalogAnswers }),
    { prefix: '/api/v1' },
  );
  await app.register(uploadedImageRoutes(images));
  await app.register(punchoutRoutes({ mailer }));
  registerApprovalSweep(app, mailer);
  registerAuditRetention(app);
  registerReturnPhotoSweep(app, returnPhotos);
  registerOutboxRetention(app);
  registerStatusFold(app);
  registerSalesDayClose(app);
  if (webhookWorker) registerWebhookWorker(app, mailer);

  await app.register(seoRoutes);
  if (config.METRICS_TOKEN) metricsRouteWithToken(app, config.METRICS_TOKEN);
  await registerSpa(app, config.WEB_DIST_DIR, catalogFirstHtml, catalogAnswers);
  return app;
}
