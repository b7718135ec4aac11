import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerFactory,
} from 'fastify';
import { writeAccessLine } from '../access-line.ts';
import { httpDuration } from '../features/metrics/metrics.ts';

/** A request id given by a proxy: short, and nothing a log reader could mistake. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The request's id: a proxy's `X-Request-Id` when it looks like one, else a new one. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Where a cached answer came from: it may be answered again while `cache.peek(key)` is still
 * `body` (the same object: nothing changed, not too old, the change feed live).
 */
export interface ReplaySource {
  cache: { peek(key: string): unknown };
  key: string;
  body: unknown;
}

interface KeptAnswer {
  source: ReplaySource;
  /** Every header Fastify sent but the request's own (`X-Request-Id`) and the connection's. */
  headers: string[];
  payload: Buffer;
  duration: ReturnType<typeof httpDuration.labels>;
}

/** Answers sent from a cache (`markReplayable`), until the replay's hook has seen them sent. */
const pending = new WeakMap<FastifyReply, { source: ReplaySource; payload: string | Buffer }>();

/**
 * Says that `reply`'s answer is `payload`, made from `source`: the replay may keep it once sent.
 * `sendText` (http/cached-json.ts) calls it for the routes that give their cache.
 */
export function markReplayable(
  reply: FastifyReply,
  source: ReplaySource,
  payload: string | Buffer,
) {
  pending.set(reply, { source, payload });
}

/** Fastify's options (with its defaults) that its own server creation applies. */
interface ServerOptionsOfFastify {
  http?: ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** Answers kept at most; the oldest goes first. A few KB each. */
const MAX_KEPT = 1000;
/** Longer URLs or Accept-Encoding values are not kept: a key is bounded like an entry. */
const MAX_URL = 2048;
const MAX_ENCODINGS = 200;
/** Sent by Node for the connection, or per request: never replayed. */
const NOT_REPLAYED = new Set([
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/**
 * The fast path of public reads (issue 21, docs/decisions/029): a repeated anonymous GET whose
 * answer came from a response cache, and is still fresh there, is answered by the HTTP server
 * itself, before Fastify, with the same status, headers and bytes Fastify sent the last time, its
 * own request id, its metrics and its log line. Fastify's routing and hooks were most of a cached
 * read's CPU (the shop served the catalog at 0.26–0.46 of a bare Fastify's rate).
 *
 * Only a plain read is answered so: GET, no cookie, no Authorization, no Origin, no conditional
 * or range header, no body, and no X-Forwarded-For when a proxy is trusted (the client's address
 * would need Fastify's reading). Anything else, a stale entry, or a server that stopped listening
 * (draining) goes to Fastify as before, and Fastify's answer is kept for the next time.
 */
export function createAnswerReplay({ trustsProxy }: { trustsProxy: boolean }) {
  const kept = new Map<string, KeptAnswer>();
  let log: FastifyBaseLogger | undefined;
  let answered = 0;

  /** The key of a plain read, `undefined` for any other request. */
  const keyOf = (request: IncomingMessage): string | undefined => {
    const h = request.headers;
    if (
      request.method !== 'GET' ||
      h.cookie !== undefined ||
      h.authorization !== undefined ||
      h.origin !== undefined ||
      h['if-none-match'] !== undefined ||
      h['if-modified-since'] !== undefined ||
      h.range !== undefined ||
      h['transfer-encoding'] !== undefined ||
      (h['content-length'] !== undefined && h['content-length'] !== '0') ||
      (trustsProxy && h['x-forwarded-for'] !== undefined)
    )
      return undefined;
    const url = request.url ?? '';
    const encodings = h['accept-encoding'] ?? '';
    if (url.length > MAX_URL || encodings.length > MAX_ENCODINGS) return undefined;
    return `${url}\n${encodings}`;
  };

  /** Answers `request` from a kept answer if it can; false leaves it to Fastify. */
  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    const started = performance.now();
    const key = keyOf(request);
    if (key === undefined) return false;
    const found = kept.get(key);
    if (found === undefined) return false;
    const { source } = found;
    if (source.cache.peek(source.key) !== source.body) {
      kept.delete(key);
      return false;
    }
    const id = requestIdOf(request.headers['x-request-id']);
    response.writeHead(200, ['x-request-id', id, ...found.headers]);
    response.end(found.payload);
    answered += 1;
    const elapsed = performance.now() - started;
    found.duration.observe(elapsed / 1000);
    if (log !== undefined) {
      writeAccessLine(log, {
        reqId: id,
        method: 'GET',
        url: request.url,
        host: request.headers.host,
        remoteAddress: request.socket.remoteAddress,
        remotePort: request.socket.remotePort,
        statusCode: 200,
        responseTime: elapsed,
      });
    }
    return true;
  };

  /** After Fastify answered a marked request: keeps the answer if it can be replayed. */
  const keep = (request: FastifyRequest, reply: FastifyReply) => {
    const marked = pending.get(reply);
    if (!marked || reply.statusCode !== 200) return;
    const key = keyOf(request.raw);
    if (key === undefined || kept.get(key)?.source.body === marked.source.body) return;
    const headers = reply.getHeaders();
    const payload = Buffer.isBuffer(marked.payload) ? marked.payload : Buffer.from(marked.payload);
    // A header set per caller (a cookie, a rate limit's count), or bytes a hook changed: not kept.
    if (
      headers['set-cookie'] !== undefined ||
      headers['x-ratelimit-limit'] !== undefined ||
      Number(headers['content-length']) !== payload.length
    )
      return;
    const flat: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
    }
    flat.push('content-length', String(payload.length));
    if (kept.size >= MAX_KEPT) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    const route = request.routeOptions.url ?? 'unmatched';
    kept.set(key, {
      source: marked.source,
      headers: flat,
      payload,
      duration: httpDuration.labels({ method: 'GET', route, status: '2xx' }),
    });
  };

  const replay = {
    /**
     * Fastify's `serverFactory`: Fastify's own HTTP server (its timeouts included) whose requests
     * meet the replay first.
     */
    serverFactory: ((handler, fastifyOptions) => {
      const options = fastifyOptions as unknown as ServerOptionsOfFastify;
      const server = createServer(options.http ?? {}, (request, response) => {
        if (server.listening && answer(request, response)) return;
        handler(request, response);
      });
      // What Fastify sets on the server it makes itself (fastify/lib/server.js).
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0)
        server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    }) satisfies FastifyServerFactory,

    /** Keeps the answers of marked requests (`markReplayable`) once Fastify has sent them. */
    register(app: FastifyInstance) {
      app.decorate('answerReplay', replay as AnswerReplay);
      log = app.log;
      app.addHook('onResponse', (request, reply, done) => {
        keep(request, reply);
        done();
      });
    },

    /** Answers kept now. */
    get size() {
      return kept.size;
    },
    /** Requests answered from the replay since the start. */
    get answered() {
      return answered;
    },
  };
  return replay;
}

export type AnswerReplay = ReturnType<typeof createAnswerReplay>;

declare module 'fastify' {
  interface FastifyInstance {
    answerReplay: AnswerReplay;
  }
}
