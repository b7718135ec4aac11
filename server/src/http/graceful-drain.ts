import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from 'node:net';
import { messages } from '@proper-parts/domain/messages';
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** After this long the process gives up waiting and exits 1. */
  timeoutMs?: number;
  /** Open connections stay this long after the last in-flight request, to answer 503 + close. */
  graceMs?: number;
}

/**
 * Stops the server without dropping a request it took. On the signal it stops accepting
 * connections; requests already running finish; a request arriving on a kept-alive connection
 * gets 503 "restarting" with `Connection: close`, and every answer from then on closes its
 * connection, so clients learn the connection is gone from an answer, not a reset. Once nothing
 * runs, Fastify closes (idle connections, then the database) and the process exits 0.
 */
export function registerGracefulDrain(app: FastifyInstance, options: DrainOptions = {}) {
  const { timeoutMs = 10_000, graceMs = 300 } = options;
  let draining = false;
  const inFlight = new Set<ServerResponse>();

  // Counted on the socket level, so every request is counted once, whatever becomes of it.
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining && !response.headersSent) response.setHeader('connection', 'close');
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  // Callback style, not async: this runs on every request, and a promise per hook is measurable.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply.header('connection', 'close');
    reply.status(503).send({ success: false, message: messages.restarting });
  });
  /** The answers still to be written close their connection (set at the socket, not in a hook). */
  const closeConnectionsInFlight = () => {
    for (const response of inFlight)
      if (!response.headersSent) response.setHeader('connection', 'close');
  };

  return async function drainAndClose(signal: string): Promise<number> {
    if (draining) return new Promise(() => {});
    draining = true;
    closeConnectionsInFlight();
    const started = Date.now();
    app.log.info({ signal }, 'draining: no new connections; finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error(
        { inFlight: inFlight.size },
        `requests still running after ${timeoutMs} ms; exiting`,
      );
      process.exit(1);
    }, timeoutMs);
    force.unref();
    // net's close only stops listening; http's would also cut idle keep-alive connections now,
    // and a client writing on one at that moment would see a reset instead of an answer.
    Server.prototype.close.call(app.server);
    let quietSince = Date.now();
    while (Date.now() - quietSince < graceMs) {
      if (inFlight.size > 0) quietSince = Date.now();
      await new Promise((r) => setTimeout(r, 20));
    }
    await app.close();
    app.log.info(`drained and closed in ${Date.now() - started} ms`);
    return 0;
  };
}
