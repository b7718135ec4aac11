import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, changesSettled } from '../../test/helper.ts';
import { products } from '../db/schema.ts';
import { seedDemoCatalog } from '../features/catalog/demo-seed.ts';
import { COMPRESS_FROM_BYTES, compressedCopiesBytes, compressedCopy } from './cached-json.ts';

/** Cached catalog answers go compressed to clients that take it, from copies made once per body. */
describe('cached answers: brotli, gzip or plain by Accept-Encoding', async () => {
  const app = await buildTestApp();
  await seedDemoCatalog(app.db, { parts: 1000 });
  await changesSettled(app);
  const list = (encoding?: string) =>
    app.inject({
      url: '/api/v1/tools?limit=6',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('the same JSON whichever encoding, and Vary says it depends on Accept-Encoding', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await list('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect((await list('identity')).body).toBe(plain.body);
  });

  it('a compressed copy never outlives its body: a change shows in the next compressed answer', async () => {
    const before = JSON.parse(brotliDecompressSync((await list('br')).rawPayload).toString());
    const first = before.data[0] as { _id: string };
    await app.db
      .update(products)
      .set({ name: 'Renamed For Compression' })
      .where(eq(products.id, first._id));
    await vi.waitFor(async () => {
      const after = JSON.parse(brotliDecompressSync((await list('br')).rawPayload).toString());
      expect(after.data[0].name).toBe('Renamed For Compression');
    });
    const gz = JSON.parse(gunzipSync((await list('gzip')).rawPayload).toString());
    expect(gz.data[0].name).toBe('Renamed For Compression');
  });

  it('copies are made once a body and held within their bytes, the oldest bodies let go', () => {
    const bodies = Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(2048, ' body text'));
    const budget = 4 * 2048;
    const first = compressedCopy(bodies[0] as string, 'br', budget);
    expect(compressedCopy(bodies[0] as string, 'br', budget)).toBe(first);
    for (const body of bodies) compressedCopy(body, 'br', budget);
    // Each body with its copy weighs a little over 2 KB: at most four fit, the newest.
    expect(compressedCopiesBytes()).toBeLessThanOrEqual(budget);
    expect(compressedCopiesBytes()).toBeGreaterThan(3 * 2048);
    expect(compressedCopy(bodies[11] as string, 'br', budget)).toBe(
      compressedCopy(bodies[11] as string, 'br', budget),
    );
    const again = compressedCopy(bodies[0] as string, 'br', budget);
    expect(again).not.toBe(first);
    expect(brotliDecompressSync(again).toString()).toBe(bodies[0]);
  });

  it('a small answer goes as it is', async () => {
    const [row] = (await app.db.execute(sql`select id from products limit 1`)).rows as {
      id: string;
    }[];
    const one = await app.inject({
      url: `/api/v1/tools/${row?.id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.json().data._id).toBe(row?.id);
  });
});
