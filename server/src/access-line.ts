import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import pino from 'pino';
import { scrubSecrets } from './log-options.ts';

/** What one access line says of a request and its answer. */
export interface AccessLine {
  /** Given when the logger does not carry it already (the answer replay logs on the root). */
  reqId?: string;
  method: string | undefined;
  url: string | undefined;
  host: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
  statusCode: number;
  responseTime: number;
}

interface PinoInternals {
  [pino.symbols.streamSym]?: { write(line: string): unknown; [key: symbol]: unknown };
  [pino.symbols.chindingsSym]?: string;
}

const INFO = 30;
const needsMetadata = Symbol.for('pino.metadata');

/**
 * Writes the access line of a request ("request completed") at `info` (issue 32). The line is
 * the one pino writes for `log.info({ req, res, responseTime }, 'request completed')` with the
 * shop's serializers (log-options.ts: the URL scrubbed, no header), built as one string and
 * handed to the logger's stream: through pino's hooks, serializers and object walk, an access
 * line cost a cached read more CPU than answering it (38-48% of the throughput at `info`).
 * A stream that reads pino's metadata (a multistream) takes the ordinary call instead.
 * access-line.test.ts holds the two lines equal.
 */
export function writeAccessLine(log: FastifyBaseLogger, line: AccessLine): void {
  if (!((pino.levels.values[log.level] ?? Number.POSITIVE_INFINITY) <= INFO)) return;
  const internals = log as unknown as PinoInternals;
  const stream = internals[pino.symbols.streamSym];
  const bindings = internals[pino.symbols.chindingsSym];
  if (stream === undefined || bindings === undefined || stream[needsMetadata] === true) {
    log.info(lineObject(line), 'request completed');
    return;
  }
  // Pieces that are there, each with its comma before it; the first loses its comma.
  let req = '';
  if (line.method !== undefined) req += `,"method":${quoted(line.method)}`;
  if (line.url !== undefined) req += `,"url":${scrubbedUrl(line.url)}`;
  if (line.host !== undefined) req += `,"host":${quoted(line.host)}`;
  if (line.remoteAddress !== undefined) req += `,"remoteAddress":${quoted(line.remoteAddress)}`;
  if (line.remotePort !== undefined) req += `,"remotePort":${line.remotePort}`;
  const reqId = line.reqId === undefined ? '' : `,"reqId":${JSON.stringify(line.reqId)}`;
  const text = `{"level":${INFO},"time":${Date.now()}${bindings}${reqId},"req":{${req.slice(1)}},"res":{"statusCode":${line.statusCode}},"responseTime":${toMicroseconds(line.responseTime)},"msg":"request completed"}\n`;
  stream.write(text);
}

/**
 * The JSON of the strings lines repeat (a method, a host, a client's address; a URL scrubbed),
 * made once: most requests repeat the last ones, and a cached read's line was a few of these.
 * Bounded; emptied when full.
 */
const MAX_REMEMBERED = 512;
const quotedStrings = new Map<string, string>();
const scrubbedUrls = new Map<string, string>();

function remembered(map: Map<string, string>, value: string, make: (value: string) => string) {
  let json = map.get(value);
  if (json === undefined) {
    if (map.size >= MAX_REMEMBERED) map.clear();
    json = make(value);
    if (value.length <= 2048) map.set(value, json);
  }
  return json;
}

const quoted = (value: string) => remembered(quotedStrings, value, JSON.stringify);
/** A URL that carried a secret is not kept (it would hold the secret as the key). */
const scrubbedUrl = (url: string) => {
  const known = scrubbedUrls.get(url);
  if (known !== undefined) return known;
  const scrubbed = scrubSecrets(url);
  if (scrubbed !== url) return JSON.stringify(scrubbed);
  return remembered(scrubbedUrls, url, JSON.stringify);
};

/** The same line as an object for pino (its `req` as the serializer makes it). */
export function lineObject(line: AccessLine) {
  return {
    ...(line.reqId === undefined ? {} : { reqId: line.reqId }),
    req: {
      method: line.method,
      url: line.url,
      host: line.host,
      ip: line.remoteAddress,
      socket: { remotePort: line.remotePort },
    },
    res: { statusCode: line.statusCode },
    responseTime: toMicroseconds(line.responseTime),
  };
}

/** Milliseconds to three places: a double's seventeen digits cost its writing, and say nothing. */
function toMicroseconds(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * One log line a request, when it is answered, with the request and its answer: Fastify writes
 * two by default ("incoming request" and "request completed"), and at LOG_LEVEL=info those lines
 * cost a cached catalog answer more CPU than answering it (issue 21).
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    writeAccessLine(reply.log, {
      method: request.method,
      url: request.url,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    });
  }
}
