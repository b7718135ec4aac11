import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { markReplayable, type ReplaySource } from './answer-replay.ts';

/**
 * The body a cache keeps: checked against the route's response schema once, when it is read
 * from the database, instead of on every answer.
 */
export function serializeEnvelope<T extends z.ZodType>(schema: T, value: z.input<T>): string {
  return JSON.stringify(schema.parse(value));
}

/** Smaller bodies go as they are: compressing them saves fewer bytes than the header costs. */
export const COMPRESS_FROM_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'];
/**
 * What the copies and the bodies they are kept for may weigh together (issue 32: 2,000 cold
 * product pages' copies held 2,000 pages a cache had already let go, ~40 MB of the server's RSS).
 */
export const COPIES_MAX_BYTES = 12 * 2 ** 20;

interface Copies {
  br?: Buffer;
  gzip?: Buffer;
  /** The body's bytes and its copies'. */
  bytes: number;
}

/**
 * Compressed copies of cached bodies, made once per body and encoding. The key is the body
 * itself: a cache hands out the same string (or Buffer) object until it reads a fresh one; V8
 * keeps a string's hash, and a Buffer is keyed by identity, so a look-up does not read the body
 * again. Bounded by bytes (a key holds its body too); oldest out first.
 */
const copies = new Map<string | Buffer, Copies>();
let copiesBytes = 0;

/** What the copies (with their bodies) weigh now. */
export const compressedCopiesBytes = () => copiesBytes;

export function compressedCopy(
  body: string | Buffer,
  encoding: 'br' | 'gzip',
  maxBytes = COPIES_MAX_BYTES,
): Buffer {
  let held = copies.get(body);
  if (!held) {
    held = { bytes: body.length };
    copies.set(body, held);
    copiesBytes += held.bytes;
  }
  const made = held[encoding];
  if (made) return made;
  const copy = compress(body, encoding);
  held[encoding] = copy;
  held.bytes += copy.length;
  copiesBytes += copy.length;
  for (const [key, old] of copies) {
    if (copiesBytes <= maxBytes) break;
    if (old === held) continue;
    copies.delete(key);
    copiesBytes -= old.bytes;
  }
  return copy;
}

function compress(body: string | Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * Sends ready JSON bytes: Fastify writes them as they are, without its serializer. A body worth
 * compressing goes as brotli or gzip when the client takes it, from a copy made once, so a
 * cached answer never costs a compression per request (routes that use this set
 * `compress: false`).
 */
export function sendJson(reply: FastifyReply, body: string, source?: ReplaySource) {
  return sendText(reply, body, 'application/json; charset=utf-8', source);
}

/**
 * The same for any text answer made from a few cached parts (a page's HTML with its first data),
 * or kept as UTF-8 bytes (a rendered page): the same body compresses once, however many requests
 * ask for it. With the `source` of the body (its cache and key), the answer may be replayed to
 * the next plain reads of the same URL before they reach Fastify (http/answer-replay.ts).
 */
export function sendText(
  reply: FastifyReply,
  body: string | Buffer,
  contentType: string,
  source?: ReplaySource,
) {
  reply.type(contentType);
  let payload = body;
  if (body.length >= COMPRESS_FROM_BYTES) {
    reply.header('vary', 'accept-encoding');
    const accepted = reply.request.headers['accept-encoding'];
    const encoding = accepted ? negotiate(accepted, ENCODINGS) : undefined;
    if (encoding === 'br' || encoding === 'gzip') {
      reply.header('content-encoding', encoding);
      payload = compressedCopy(body, encoding);
    }
  }
  if (source) markReplayable(reply, source, payload);
  return reply.send(payload);
}

/** Route options of a route answered with `sendJson`: @fastify/compress stays out of its way. */
export const cachedJsonRoute = { compress: false, decompress: false } as const;
