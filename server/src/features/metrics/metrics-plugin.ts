import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { httpDuration, httpErrors, metricsRegistry, ordersPlaced } from './metrics.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A 2xx answer of this route placed an order: counted as `orders_placed_total{via}`. */
    placesOrder?: 'purchase' | 'checkout' | 'quote';
  }
}

/** Every answer's time and status, by the route's template (an unknown path is `unmatched`). */
export function registerRequestMetrics(app: FastifyInstance) {
  // Callback style, not async: it runs on every request, and a promise per hook is measurable.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    httpDuration.observe(
      { method: request.method, route, status: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    if (status >= 400) httpErrors.inc({ method: request.method, route, status: String(status) });
    const via = request.routeOptions.config?.placesOrder;
    // A replayed answer (Idempotency-Key) placed nothing.
    if (via && status >= 200 && status < 300 && !reply.hasHeader('idempotent-replayed'))
      ordersPlaced.inc({ via });
    done();
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` on the shop's own port, to `Authorization: Bearer <METRICS_TOKEN>` only: the
 * counts of routes and orders are the shop's business, not the public's.
 */
export function metricsRouteWithToken(app: FastifyInstance, token: string) {
  const expected = digest(token);
  app.get(
    '/metrics',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), expected)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ success: false, message: 'Metrics need the metrics token' });
      }
      return reply
        .header('content-type', metricsRegistry.contentType)
        .header('cache-control', 'no-store')
        .send(await metricsRegistry.metrics());
    },
  );
}

/** `GET /metrics` alone on a port of its own (METRICS_PORT), for a scraper on a private network. */
export async function listenForMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
