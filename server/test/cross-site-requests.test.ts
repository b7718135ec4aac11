import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from './auth-helper.ts';
import { databaseDigest } from './database-digest.ts';
import { buildTestApp } from './helper.ts';
import { createProduct } from './order-helpers.ts';

/**
 * Cross-site request forgery, walked over every state-changing route the running app has
 * (its route table; the identity front door's `*` over every better-auth endpoint): a request
 * that carries the session cookie is refused, with nothing saved, unless its Origin is the
 * shop's own. API clients with a bearer token and no cookie, and the Stripe webhook, are not.
 */
const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const GUARD_MESSAGE = /this request came from/;
/**
 * Issue 34: PunchOut's doors that other sites post to by design (`config.crossSite`): they read no
 * session, so a cookie gives them nothing to forge (the last test here).
 */
const OPEN_TO_OTHER_SITES = [
  'POST /punchout/cxml/setup',
  'POST /punchout/cxml/order',
  'POST /punchout/oci/login',
];

describe('cross-site requests', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app, { email: 'csrf-admin@example.com' });
  const customer = await signUp(app, { email: 'csrf-customer@example.com' });
  const product = await createProduct(app, { minimumOrderQuantity: 1 });

  const betterAuthPaths = Object.values(
    app.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
  )
    .filter((endpoint) => [endpoint.options?.method ?? []].flat().includes('POST'))
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === 'string');

  /** Every state-changing request the app answers, as `METHOD url` with its parameters filled in. */
  const requests = app.routeTable
    .filter((route) => STATE_CHANGING.includes(route.method))
    .filter((route) => !OPEN_TO_OTHER_SITES.includes(`${route.method} ${route.url}`))
    .flatMap((route) => {
      const urls = route.url.endsWith('/*')
        ? (route.url === '/api/v1/auth/*' ? betterAuthPaths : ['/anything']).map(
            (path) => `${route.url.slice(0, -2)}${path}`,
          )
        : [route.url];
      return urls.map((url) => ({
        method: route.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        url: url.replace(/:(\w+)/g, (_, name: string) =>
          name === 'email' ? admin.email : NO_SUCH_ID,
        ),
      }));
    });

  it('walks every state-changing route of the app', () => {
    const names = requests.map((r) => `${r.method} ${r.url.replace(admin.email, ':email')}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/v1/purchase',
        `DELETE /api/v1/tools/${NO_SUCH_ID}`,
        `PATCH /api/v1/myPurchase/${NO_SUCH_ID}`,
        'PUT /api/v1/user/:email',
        'PUT /api/v1/profile/:email',
        'POST /api/v1/uploads',
        'POST /api/v1/webhooks/stripe',
        'POST /api/v1/auth/sign-out',
        'POST /api/v1/auth/change-password',
        'POST /api/v1/auth/update-user',
      ]),
    );
    expect(requests.length).toBeGreaterThan(30);
  });

  const origins: Record<string, string | undefined> = {
    'a foreign site': 'https://evil.example',
    'a look-alike host': 'http://localhost:3000.evil.example',
    'another port': 'http://localhost:3001',
    'https instead of http': 'https://localhost:3000',
    'an opaque origin (null)': 'null',
    'no Origin at all': undefined,
  };

  it.each(Object.entries(origins))(
    'refuses every one of them with the session cookie from %s, and saves nothing',
    async (_label, origin) => {
      const before = await databaseDigest(app);
      const wrong: string[] = [];
      for (const { method, url } of requests) {
        for (const who of [admin, customer]) {
          const res = await app.inject({
            method,
            url,
            headers: { cookie: who.cookie, origin },
            payload: { toolId: product.id, quantity: 1, name: 'Forged', rating: 5 },
          });
          // PunchOut's return page refuses as a page (issue 34); the rest in the JSON envelope.
          const body = String(res.headers['content-type']).startsWith('text/html')
            ? { success: false, message: res.body }
            : res.json();
          if (res.statusCode !== 403 || body.success !== false || !GUARD_MESSAGE.test(body.message))
            wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await databaseDigest(app)).toEqual(before);
    },
  );

  it("PunchOut's doors for other sites take no session: a cookie from another site opens nothing", async () => {
    const before = await databaseDigest(app);
    for (const name of OPEN_TO_OTHER_SITES) {
      const [method, url] = name.split(' ') as ['POST', string];
      const res = await app.inject({
        method,
        url,
        headers: { cookie: customer.cookie, origin: 'https://evil.example' },
        payload: { toolId: product.id, quantity: 1 },
      });
      // Refused for what they lack (a cXML document, HOOK_URL), never as the cookie's owner.
      expect(res.statusCode, `${name}: ${res.body.slice(0, 120)}`).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await databaseDigest(app)).toEqual(before);
  });

  it('reads with the cookie from another site are not refused (they change nothing)', async () => {
    const res = await app.inject({
      url: `/api/v1/profile/${customer.email}`,
      headers: { cookie: customer.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('an API client with a bearer token and no cookie needs no Origin', async () => {
    const bearer = { authorization: `Bearer ${customer.token}` };
    const review = await app.inject({
      method: 'POST',
      url: '/api/v1/reviews',
      headers: bearer,
      payload: { rating: 4, description: 'Sent by an API client' },
    });
    expect(review.statusCode).toBe(200);
    const order = await app.inject({
      method: 'POST',
      url: '/api/v1/purchase',
      headers: bearer,
      payload: { toolId: product.id, quantity: 1, address: '1 Main St', phone: '555 0100' },
    });
    expect(order.statusCode).toBe(200);
    // And no state-changing route refuses it for want of an Origin.
    for (const { method, url } of requests) {
      const res = await app.inject({ method, url, headers: bearer, payload: {} });
      expect(`${method} ${url} ${res.body}`).not.toMatch(GUARD_MESSAGE);
    }
  });

  it('the Stripe webhook (no cookie, no Origin) reaches its own checks', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'stripe-signature': 't=1,v1=forged' },
      payload: { type: 'payment_intent.succeeded' },
    });
    expect(res.json().message).not.toMatch(GUARD_MESSAGE);
  });

  it('the shop’s own pages (its Origin) get past the guard on every route', async () => {
    const visitor = await signUp(app, { email: 'csrf-own-origin@example.com' });
    const guarded: string[] = [];
    for (const { method, url } of requests) {
      const res = await app.inject({
        method,
        url,
        headers: { cookie: visitor.cookie, origin: 'http://localhost:3000' },
        payload: {},
      });
      if (GUARD_MESSAGE.test(res.body)) guarded.push(`${method} ${url}`);
    }
    expect(guarded).toEqual([]);
  });
});
