import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { Server } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, changesSettled } from '../../test/helper.ts';
import { createProduct } from '../../test/order-helpers.ts';
import { products } from '../db/schema.ts';
import { httpDuration } from '../features/metrics/metrics.ts';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET over real HTTP with exactly these headers (fetch would add its own). */
function get(base: string, path: string, headers: Record<string, string> = {}, agent?: Agent) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${base}${path}`, { headers, agent: agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const withoutOwn = ({ date, 'x-request-id': _id, ...rest }: IncomingHttpHeaders) => rest;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The answer replay (http/answer-replay.ts, decision 029) on a listening server, PGlite and
 * PostgreSQL: a repeated anonymous read is answered before Fastify with the bytes Fastify sent,
 * never after the change feed said they changed, and never to a request that is not a plain read.
 */
describe('answers repeated plain reads before Fastify', async () => {
  const app = await buildTestApp();
  for (let i = 0; i < 8; i++) await createProduct(app, { name: `Replayed part ${i}` });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const replayed = () => app.answerReplay.answered;
  // Catalog answers count as fresh for CATALOG_MAX_AGE_MS (500 ms): a slow machine may pass it
  // between two reads, and the second then goes to Fastify (and is kept for the third).
  const getReplayed = async (path: string, headers: Record<string, string> = {}) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const before = replayed();
      const answer = await get(base, path, headers);
      if (replayed() === before + 1) return answer;
    }
    throw new Error(`${path} was never replayed`);
  };

  it('replays the same status, headers and bytes, with a request id of its own', async () => {
    await changesSettled(app);
    const first = await get(base, '/api/v1/reviews');
    const before = replayed();
    const again = await get(base, '/api/v1/reviews');
    expect(replayed()).toBe(before + 1);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    expect(withoutOwn(again.headers)).toEqual(withoutOwn(first.headers));
    expect(again.headers['x-request-id']).toMatch(UUID);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(again.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    // A proxy's request id is kept, as Fastify keeps it; one that does not look like one is not.
    const given = await get(base, '/api/v1/reviews', { 'x-request-id': 'edge-42.a' });
    expect(given.headers['x-request-id']).toBe('edge-42.a');
    const junk = await get(base, '/api/v1/reviews', { 'x-request-id': 'a b<script>' });
    expect(junk.headers['x-request-id']).toMatch(UUID);
    expect(replayed()).toBe(before + 3);
  });

  it('counts replayed answers in the request metrics under their route', async () => {
    const count = async () =>
      (await httpDuration.get()).values.find(
        (v) =>
          v.metricName === 'proper_parts_http_request_duration_seconds_count' &&
          v.labels.route === '/api/v1/reviews' &&
          v.labels.status === '2xx',
      )?.value ?? 0;
    await get(base, '/api/v1/reviews');
    const before = await count();
    const replays = replayed();
    for (let i = 0; i < 5; i++) await get(base, '/api/v1/reviews');
    expect(replayed()).toBe(replays + 5);
    expect(await count()).toBe(before + 5);
  });

  it('never replays an answer the change feed said changed', async () => {
    const path = '/api/v1/tools?limit=6';
    const shown = await getReplayed(path);
    const first = JSON.parse(shown.body.toString()).data[0] as { _id: string; name: string };
    await app.db
      .update(products)
      .set({ name: 'Renamed under the replay' })
      .where(eq(products.id, first._id));
    await changesSettled(app);
    const after = await get(base, path);
    expect(JSON.parse(after.body.toString()).data[0].name).toBe('Renamed under the replay');
    const one = `/api/v1/tools/${first._id}`;
    await getReplayed(one);
    await app.db.update(products).set({ priceCents: 999_99 }).where(eq(products.id, first._id));
    await changesSettled(app);
    expect(JSON.parse((await get(base, one)).body.toString()).data.price).toBe(999.99);
  });

  it('keeps each Accept-Encoding apart: brotli to those who take it, plain to the others', async () => {
    const path = '/api/v1/tools?limit=6';
    const brotli = await getReplayed(path, { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    const plain = await getReplayed(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
  });

  it('leaves to Fastify every request that is not a plain anonymous read', async () => {
    const path = '/api/v1/reviews';
    await getReplayed(path);
    const variants: Record<string, string>[] = [
      { cookie: 'better-auth.session_token=forged' },
      { authorization: 'Bearer not-a-token' },
      { origin: 'https://elsewhere.example' },
      { 'if-none-match': '"x"' },
      { 'if-modified-since': 'Tue, 01 Jan 2030 00:00:00 GMT' },
      { range: 'bytes=0-10' },
      // TRUST_PROXY=1 in the tests: the client's address is the proxy's to say.
      { 'x-forwarded-for': '203.0.113.9' },
      { 'accept-encoding': 'x'.repeat(300) },
    ];
    for (const headers of variants) {
      const before = replayed();
      await get(base, path, headers);
      expect(replayed(), JSON.stringify(headers)).toBe(before);
    }
    const before = replayed();
    await get(base, `${path}?limit=6&${'x'.repeat(2100)}=1`);
    await get(base, `${path}?limit=6&${'x'.repeat(2100)}=1`);
    expect(replayed()).toBe(before);
    // A HEAD, and a method that writes, are never replayed either.
    await new Promise<void>((resolve) =>
      request(`${base}${path}`, { method: 'HEAD', agent: false }, (res) => {
        res.resume();
        res.on('end', resolve);
      }).end(),
    );
    expect(replayed()).toBe(before);
  });

  it('holds at most 1,000 answers whatever the URLs, the oldest out first', async () => {
    for (let offset = 0; offset < 1100; offset++)
      await get(base, `/api/v1/reviews?offset=${offset}`);
    expect(app.answerReplay.size).toBe(1000);
    const before = replayed();
    await get(base, '/api/v1/reviews?offset=0');
    expect(replayed()).toBe(before);
    await get(base, '/api/v1/reviews?offset=1099');
    expect(replayed()).toBe(before + 1);
  });

  // Last: the server no longer takes connections afterwards.
  it('stops replaying once the server stops listening (the drain answers instead)', async () => {
    const path = '/api/v1/reviews';
    await getReplayed(path);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await get(base, path, {}, agent);
    const before = replayed();
    // What the graceful drain does first (http/graceful-drain.ts): no new connections; the
    // kept-alive one still sends.
    Server.prototype.close.call(app.server);
    const answer = await get(base, path, {}, agent);
    expect(answer.status).toBe(200);
    expect(replayed()).toBe(before);
    agent.destroy();
  });
});
