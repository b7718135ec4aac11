import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox, placeOrder } from '../../../test/order-helpers.ts';
import { listenForMetrics } from './metrics-plugin.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line (`name{labels} value`), 0 when absent. */
/**
 * The sum of the series of `name` whose labels contain `labels`: the registry is the process's, so
 * an earlier test file in the same worker may have made other series of the same route.
 */
function sample(text: string, name: string, labels: string) {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) && l.includes(labels))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

describe('GET /metrics (issue 21)', async () => {
  const app = await buildTestApp({ METRICS_TOKEN: TOKEN });
  const scrape = async () => {
    const res = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a visitor, a wrong token and an admin session: only the token opens it', async () => {
    const admin = await signUpAdmin(app);
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      as(admin),
    ]) {
      const res = await app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Metrics need the metrics token' });
      expect(res.body).not.toContain('proper_parts_');
    }
  });

  it('times requests by route template, counts errors, orders, payments and cache hits', async () => {
    const before = await scrape();
    const buyer = await signUp(app);
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 10 });
    const orderId = await placeOrder(app, buyer, { toolId: product.id, quantity: 1 });
    expect((await payWithSandbox(app, buyer, orderId)).statusCode).toBe(200);
    await app.inject({ url: `/api/v1/tools/${product.id}` });
    await app.inject({ url: `/api/v1/tools/${product.id}` });
    await app.inject({ url: '/api/v1/tools/not-a-uuid' });
    const after = await scrape();

    const grew = (name: string, labels: string) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(grew('proper_parts_orders_placed_total', 'via="purchase"')).toBe(1);
    expect(grew('proper_parts_payments_settled_total', 'provider="sandbox"')).toBe(1);
    expect(grew('proper_parts_cache_lookups_total', 'cache="tools",result="hit"')).toBeGreaterThan(
      0,
    );
    // The template, not the id: one series per route however many products there are.
    expect(
      grew(
        'proper_parts_http_request_duration_seconds_count',
        'route="/api/v1/tools/:id",status="2xx"',
      ),
    ).toBe(2);
    expect(after).not.toContain(product.id);
    expect(grew('proper_parts_http_errors_total', 'route="/api/v1/tools/:id",status="')).toBe(1);
    expect(after).toContain('proper_parts_process_resident_memory_bytes');
    expect(after).toContain('proper_parts_nodejs_heap_size_used_bytes');
    // The bench reads heap and ArrayBuffers beside RSS (issue 21).
    const arrayBuffers = /^proper_parts_nodejs_array_buffers_bytes (\d+)$/m.exec(after)?.[1];
    expect(Number(arrayBuffers)).toBeGreaterThan(0);
  });

  it('gives unknown paths one series, not one per path', async () => {
    await app.inject({ url: '/api/v1/no-such-route-abc' });
    const text = await scrape();
    expect(text).not.toContain('no-such-route-abc');
    expect(sample(text, 'proper_parts_http_errors_total', 'route="unmatched"')).toBeGreaterThan(0);
  });
});

describe('METRICS_PORT: metrics on a port of their own', () => {
  it('answers /metrics there and nothing else', async () => {
    const server = await listenForMetrics(0, '127.0.0.1');
    try {
      const { port } = server.address() as AddressInfo;
      const ok = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('proper_parts_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(
        404,
      );
    } finally {
      server.close();
    }
  });

  it('is off without METRICS_TOKEN: the shop port has no /metrics', async () => {
    const shop = await buildTestApp();
    const res = await shop.inject({ url: '/metrics' });
    expect(res.body).not.toContain('proper_parts_');
  });
});

describe('request ids (issue 21)', async () => {
  const app = await buildTestApp();

  it('every answer names its request id; a proxy’s id is kept when it looks like one', async () => {
    const fresh = await app.inject({ url: '/api/v1/health/live' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await app.inject({ url: '/api/v1/health/live' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
    const kept = await app.inject({
      url: '/api/v1/health/live',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    for (const junk of ['has space', 'x'.repeat(101), 'a\u00e9b', '']) {
      const res = await app.inject({
        url: '/api/v1/health/live',
        headers: { 'x-request-id': junk },
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('health: live never asks the database; ready does', async () => {
    const live = await app.inject({ url: '/api/v1/health/live' });
    expect(live.json()).toEqual({ success: true, data: { status: 'ok' } });
    const ready = await app.inject({ url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.status).toBe('ok');
  });
});
