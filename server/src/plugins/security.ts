import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { connectRateLimitRedis, redisStoreWithLocalFallback } from './rate-limit-store.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/** Security headers (a CSP the SPA runs under), compression, and rate limiting for chosen routes. */
export async function registerSecurity(app: FastifyInstance) {
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for profile photos (any https host; the server refuses other schemes), data: for
        // daisyUI's CSS icons, blob: for the product form's preview of a chosen file.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Matches frame-ancestors 'none' for browsers that only read X-Frame-Options.
    frameguard: { action: 'deny' },
    // Only a shop served over https may tell browsers to insist on https.
    hsts: app.config.PUBLIC_URL.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  await app.register(compress, { threshold: 1024 });
  // Off by default; routes opt in with `config.rateLimit` (see the auth feature).
  await app.register(rateLimit, { global: false, store: await rateLimitStore(app) });
}

/** With REDIS_URL the counters are shared by every process (docs/decisions/012). */
async function rateLimitStore(app: FastifyInstance) {
  const { REDIS_URL, REDIS_KEY_PREFIX } = app.config;
  if (!REDIS_URL) return undefined;
  const redis = await connectRateLimitRedis(REDIS_URL, app.log);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redisStoreWithLocalFallback(redis, REDIS_KEY_PREFIX);
}
