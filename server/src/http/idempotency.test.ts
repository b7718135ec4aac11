import { cartMessages } from '@proper-parts/domain/cart';
import { idempotencyMessages } from '@proper-parts/domain/idempotency';
import { messages } from '@proper-parts/domain/messages';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccountInvoice } from '../../test/account-helpers.ts';
import { signUp, signUpAdmin, type TestUser } from '../../test/auth-helper.ts';
import { buildTestApp } from '../../test/helper.ts';
import { imageUpload, solidImage } from '../../test/image-fixtures.ts';
import { as, createProduct, placeOrder, stockOf } from '../../test/order-helpers.ts';
import { answerOnce } from './idempotency.ts';

/**
 * Issue 31: every route that creates something a retry could create twice honours
 * Idempotency-Key through one mechanism (`answerOnce`, `config.idempotent`). For each of them:
 * the same key and body answer the first answer (status and body, the created id included); a
 * commit whose answer was lost still answers it; another body is refused with 422; another
 * caller's same key is their own; retries racing with one key create once.
 */
describe('Idempotency-Key on every creating route', async () => {
  const app = await buildTestApp();
  const buyer = await signUp(app, { name: 'Ida Empotent' });
  const stranger = await signUp(app, { name: 'Stan Ranger' });
  const owner = await signUp(app, { name: 'Olive Owner' });
  const shop = await signUpAdmin(app, { name: 'Shop Sue' });
  const otherShop = await signUpAdmin(app, { name: 'Shop Sid' });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await app.db.execute(query)).rows as T[];
  const idOf = async (who: TestUser) =>
    (await rows<{ id: string }>(sql`select id from "user" where email = ${who.email}`))[0]
      ?.id as string;
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await rows<{ n: number | string }>(query))[0]?.n ?? 0);
  const call = (who: TestUser, url: string, payload?: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...as(who), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = async (who: TestUser, url: string, payload?: object) => {
    const res = await call(who, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const setLine = (who: TestUser, productId: string, quantity: number) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/cart/lines/${productId}`,
      headers: as(who),
      payload: { quantity },
    });
  const emptyCart = async (who: TestUser) =>
    app.db.execute(sql`delete from cart_lines where user_id = ${await idOf(who)}`);
  const piecesInCart = async (who: TestUser) =>
    count(sql`select coalesce(sum(quantity), 0) as n from cart_lines
      where user_id = ${await idOf(who)}`);
  const ordersOf = async (who: TestUser) =>
    count(sql`select count(*) as n from orders where user_id = ${await idOf(who)}`);
  const shipTo = { address: '1 Mill Rd, Peoria IL', phone: '+1 309 555 0100' };

  await ok(owner, '/company', { name: 'Owner Ltd', taxId: 'GB1', billingAddress: '1 Road' });
  const [company] = await rows<{ id: string }>(
    sql`update companies set terms_days = 30, credit_limit_cents = 100000000
      where name = 'Owner Ltd' returning id`,
  );
  const companyId = company?.id as string;

  /** A request that creates once per call, a like one that differs, and what it creates. */
  interface Request {
    url: string;
    body?: object;
  }
  interface Case {
    who: TestUser;
    /** The state a creation needs (a cart, an answered quote, an invoice), made anew each time. */
    prepare(): Promise<{ request: Request; other: Request }>;
    /** What the route creates for `who`, counted: one creation adds `step`. */
    measure(who: TestUser): Promise<number>;
    step: number;
  }

  const product = (overrides = {}) =>
    createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 10_000, ...overrides });
  const photo = imageUpload(await solidImage('png', 300, 200), 'gear.png', 'image/png');
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...photo.headers, ...as(shop) },
    payload: photo.payload,
  });
  const img: string = uploaded.json().data.url;
  const cases: Record<string, Case> = {
    'POST /tools (a product without a part number)': {
      who: shop,
      prepare: async () => {
        const tool = {
          name: 'Planetary Gearbox PG-42',
          img,
          description: 'Two-stage planetary gearbox, 42 mm frame, ratio 1:49.',
          minimumOrderQuantity: 10,
          availableQuantity: 400,
          price: 89.5,
        };
        return {
          request: { url: '/tools', body: tool },
          other: { url: '/tools', body: { ...tool, price: 89.75 } },
        };
      },
      measure: async (who) =>
        count(sql`select count(*) as n from audit_log
          where action = 'product.create' and actor_id = ${await idOf(who)}`),
      step: 1,
    },
    'POST /purchase': {
      who: buyer,
      prepare: async () => {
        const part = await product();
        return {
          request: { url: '/purchase', body: { toolId: part.id, quantity: 3 } },
          other: { url: '/purchase', body: { toolId: part.id, quantity: 4 } },
        };
      },
      measure: (who) => ordersOf(who),
      step: 1,
    },
    'POST /orders (checkout)': {
      who: buyer,
      prepare: async () => {
        await emptyCart(buyer);
        await setLine(buyer, (await product()).id, 5);
        return {
          request: { url: '/orders', body: shipTo },
          other: { url: '/orders', body: { ...shipTo, address: '2 Mill Rd' } },
        };
      },
      measure: (who) => ordersOf(who),
      step: 1,
    },
    'POST /orders/:id/reorder': {
      who: buyer,
      prepare: async () => {
        await emptyCart(buyer);
        const part = await product();
        const first = await placeOrder(app, buyer, { toolId: part.id, quantity: 7 });
        const second = await placeOrder(app, buyer, { toolId: part.id, quantity: 7 });
        return {
          request: { url: `/orders/${first}/reorder` },
          other: { url: `/orders/${second}/reorder` },
        };
      },
      measure: (who) => piecesInCart(who),
      step: 7,
    },
    'POST /lists/:id/add-to-cart': {
      who: buyer,
      prepare: async () => {
        await emptyCart(buyer);
        await setLine(buyer, (await product()).id, 6);
        const list = await ok(buyer, '/lists', { name: `List ${Math.random()}` });
        const other = await ok(buyer, '/lists', { name: `Other ${Math.random()}` });
        await emptyCart(buyer);
        return {
          request: { url: `/lists/${list._id}/add-to-cart` },
          other: { url: `/lists/${other._id}/add-to-cart` },
        };
      },
      measure: (who) => piecesInCart(who),
      step: 6,
    },
    'POST /cart/quick-order (add)': {
      who: buyer,
      prepare: async () => {
        await emptyCart(buyer);
        const part = await product({ sku: `QO-${Math.floor(Math.random() * 1e9)}` });
        return {
          request: { url: '/cart/quick-order', body: { text: `${part.sku} 4`, add: true } },
          other: { url: '/cart/quick-order', body: { text: `${part.sku} 5`, add: true } },
        };
      },
      measure: (who) => piecesInCart(who),
      step: 4,
    },
    'POST /quotes': {
      who: buyer,
      prepare: async () => {
        const lines = [{ productId: (await product()).id, quantity: 50 }];
        return {
          request: { url: '/quotes', body: { message: 'Best price', lines } },
          other: { url: '/quotes', body: { message: 'Better price', lines } },
        };
      },
      measure: async (who) =>
        count(sql`select count(*) as n from quotes where user_id = ${await idOf(who)}`),
      step: 1,
    },
    'POST /quotes/:id/accept': {
      who: buyer,
      prepare: async () => {
        const lines = [{ productId: (await product()).id, quantity: 20 }];
        const quote = await ok(buyer, '/quotes', { lines });
        const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
        await ok(shop, `/admin/quotes/${quote._id}/answer`, {
          lines: [{ lineNo: 1, unitPrice: 2.5 }],
          leadTimeDays: 10,
          expiresOn,
        });
        const url = `/quotes/${quote._id}/accept`;
        return { request: { url, body: shipTo }, other: { url, body: { ...shipTo, phone: '1' } } };
      },
      measure: (who) => ordersOf(who),
      step: 1,
    },
    'POST /admin/invoices/:orderId/payments': {
      who: shop,
      prepare: async () => {
        const orderId = await createAccountInvoice(app, {
          companyId,
          userId: await idOf(owner),
          totalCents: 100_000,
        });
        const url = `/admin/invoices/${orderId}/payments`;
        return {
          request: { url, body: { amount: 10, reference: 'Wire 1' } },
          other: { url, body: { amount: 11, reference: 'Wire 1' } },
        };
      },
      measure: async (who) =>
        count(
          sql`select count(*) as n from invoice_payments where recorded_by = ${await idOf(who)}`,
        ),
      step: 1,
    },
    'POST /reviews': {
      who: buyer,
      prepare: async () => ({
        request: { url: '/reviews', body: { rating: 5, description: 'Fits and lasts' } },
        other: { url: '/reviews', body: { rating: 4, description: 'Fits and lasts' } },
      }),
      measure: async (who) =>
        count(sql`select count(*) as n from reviews where user_id = ${await idOf(who)}`),
      step: 1,
    },
    'POST /company/invitations': {
      who: owner,
      prepare: async () => {
        const email = `invitee-${Math.floor(Math.random() * 1e9)}@example.com`;
        return {
          request: { url: '/company/invitations', body: { email, role: 'buyer' } },
          other: { url: '/company/invitations', body: { email, role: 'approver' } },
        };
      },
      measure: async (who) =>
        count(sql`select count(*) as n from company_invitations
          where invited_by = ${await idOf(who)}`),
      step: 1,
    },
    // Issue 34: the key's answer is kept sealed; a replay opens it (api-keys.test.ts).
    'POST /admin/api-keys': {
      who: shop,
      prepare: async () => ({
        request: { url: '/admin/api-keys', body: { name: 'ERP', scopes: ['stock:write'] } },
        other: { url: '/admin/api-keys', body: { name: 'ERP', scopes: ['orders:read'] } },
      }),
      measure: async (who) =>
        count(sql`select count(*) as n from api_keys where created_by = ${await idOf(who)}`),
      step: 1,
    },
    'POST /company/addresses': {
      who: owner,
      prepare: async () => ({
        request: { url: '/company/addresses', body: { label: 'Dock', address: '5 Dock St' } },
        other: { url: '/company/addresses', body: { label: 'Yard', address: '5 Dock St' } },
      }),
      measure: async (who) =>
        count(sql`select count(*) as n from company_addresses a
          join company_members m on m.company_id = a.company_id
          where m.user_id = ${await idOf(who)}`),
      step: 1,
    },
  };
  const named = Object.entries(cases);
  let keys = 0;
  const newKey = () => `key-${++keys}-${Date.now()}`;
  const send = (c: Case, r: Request, key?: string, who = c.who) => call(who, r.url, r.body, key);

  afterEach(() => vi.restoreAllMocks());

  it.each(named)(
    '%s: the same key and body answer the first answer, creating once',
    async (_, c) => {
      const { request } = await c.prepare();
      const before = await c.measure(c.who);
      const key = newKey();
      const first = await send(c, request, key);
      expect(first.statusCode, first.body).toBe(200);
      const again = await send(c, request, key);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(await c.measure(c.who)).toBe(before + c.step);
    },
  );

  it.each(named)('%s: a commit whose answer was lost answers it on the retry', async (_, c) => {
    const { request } = await c.prepare();
    const before = await c.measure(c.who);
    const key = newKey();
    // The database commits, but its answer never comes back (held back until the client gives
    // up: "Query read timeout", as the fault review saw it).
    const commit = app.db.transaction.bind(app.db);
    vi.spyOn(app.db, 'transaction').mockImplementationOnce(async (work, config) => {
      await commit(work, config);
      throw new Error('Query read timeout');
    });
    const lost = await send(c, request, key);
    expect(lost.statusCode, lost.body).toBe(503);
    expect(lost.json().message).toBe(messages.databaseUnavailable);
    expect(await c.measure(c.who)).toBe(before + c.step);
    const retry = await send(c, request, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await c.measure(c.who)).toBe(before + c.step);
    expect((await send(c, request, key)).body).toBe(retry.body);
  });

  it.each(named)(
    '%s: the same key with another body or address is refused with 422',
    async (_, c) => {
      const { request, other } = await c.prepare();
      const key = newKey();
      expect((await send(c, request, key)).statusCode).toBe(200);
      const before = await c.measure(c.who);
      const changed = await send(c, other, key);
      expect(changed.statusCode, changed.body).toBe(422);
      expect(changed.json()).toEqual({ success: false, message: idempotencyMessages.keyReused });
      expect(await c.measure(c.who)).toBe(before);
    },
  );

  it.each(named)(
    "%s: another caller's same key never answers the first caller's answer",
    async (_, c) => {
      const { request } = await c.prepare();
      const key = newKey();
      expect((await send(c, request, key)).statusCode).toBe(200);
      const other = c.who === shop ? otherShop : stranger;
      const before = await c.measure(other);
      const theirs = await send(c, request, key, other);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      // Their own request: it creates for them, or is refused for them (not their order, list…).
      if (theirs.statusCode === 200) expect(await c.measure(other)).toBe(before + c.step);
      else expect(theirs.statusCode).toBeGreaterThanOrEqual(400);
    },
  );

  it.each(named)('%s: retries racing with one key create once, and all answer it', async (_, c) => {
    const { request } = await c.prepare();
    const before = await c.measure(c.who);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(c, request, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await c.measure(c.who)).toBe(before + c.step);
  });

  it('a key belongs to the address it was first sent to: used on another route, 422', async () => {
    const key = newKey();
    const review = { rating: 5, description: 'Good' };
    expect((await call(stranger, '/reviews', review, key)).statusCode).toBe(200);
    const before = await ordersOf(stranger);
    const part = await product();
    const elsewhere = await call(stranger, '/purchase', { toolId: part.id, quantity: 1 }, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(await ordersOf(stranger)).toBe(before);
  });

  it('the reported fault: a checkout that committed but answered 503 answers its order on the retry, not "Your cart is empty"', async () => {
    await emptyCart(buyer);
    const part = await product({ availableQuantity: 100 });
    await setLine(buyer, part.id, 8);
    const commit = app.db.transaction.bind(app.db);
    vi.spyOn(app.db, 'transaction').mockImplementationOnce(async (work, config) => {
      await commit(work, config);
      throw new Error('Query read timeout');
    });
    const lost = await call(buyer, '/orders', shipTo, 'checkout-7f3a');
    expect(lost.statusCode).toBe(503);
    const retry = await call(buyer, '/orders', shipTo, 'checkout-7f3a');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).not.toBe(cartMessages.cartEmpty);
    const placed = await rows<{ id: string }>(
      sql`select id from orders where tool_id = ${part.id}`,
    );
    expect(placed).toHaveLength(1);
    expect(retry.json().data._id).toBe(placed[0]?.id);
    expect(retry.json().message).toBe(`Order ${placed[0]?.id} placed`);
    expect(await stockOf(app, part.id)).toBe(92);
    expect(await piecesInCart(buyer)).toBe(0);
  });

  it('checkout: two buyers with one key each place their own order', async () => {
    for (const who of [buyer, stranger]) {
      await emptyCart(who);
      await setLine(who, (await product()).id, 2);
    }
    const mine = await call(buyer, '/orders', shipTo, 'shared-checkout-key');
    const theirs = await call(stranger, '/orders', shipTo, 'shared-checkout-key');
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.json().data._id).not.toBe(mine.json().data._id);
    expect(theirs.json().data.userName).toBe('Stan Ranger');
  });

  it('a transaction PostgreSQL ended to break a deadlock runs again; three in a row answer 409', async () => {
    const request = {
      routeOptions: { config: { idempotent: true }, url: '/api/v1/test' },
      headers: { 'idempotency-key': newKey() },
      actor: { id: await idOf(buyer) },
      method: 'POST',
      url: '/api/v1/test',
      body: { part: 1 },
      log: { warn: () => {} },
    } as unknown as FastifyRequest;
    const reply = {
      statusCode: 200,
      serialize: JSON.stringify,
      code: () => reply,
      header: () => reply,
    } as unknown as FastifyReply;
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let tries = 0;
    const answer = await answerOnce(app.db, request, reply, {
      create: async (db) => {
        tries += 1;
        await db.execute(sql`select 1`);
        if (tries === 1) throw deadlock();
        return tries;
      },
      answer: (n) => ({ n }),
    });
    expect(answer).toEqual({ n: 2 });
    const again = { ...request, headers: { 'idempotency-key': newKey() } } as FastifyRequest;
    const refused = answerOnce(app.db, again, reply, {
      create: async () => {
        throw deadlock();
      },
      answer: () => ({}),
    });
    await expect(refused).rejects.toMatchObject({
      code: 'CONFLICT',
      message: idempotencyMessages.busy,
    });
  });

  it('the API document shows the header on every idempotent route', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const keyed = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
      )
      .filter(({ operation }) =>
        ((operation as { parameters?: { name: string }[] }).parameters ?? []).some(
          (p) => p.name === 'idempotency-key',
        ),
      )
      .map(({ method, path }) => `${method.toUpperCase()} ${path.replace('/api/v1', '')}`)
      .sort();
    expect(keyed).toEqual(
      [
        'POST /tools',
        'POST /purchase',
        'POST /orders',
        'POST /orders/{id}/reorder',
        'POST /lists/{id}/add-to-cart',
        'POST /cart/quick-order',
        'POST /quotes',
        'POST /quotes/{id}/accept',
        'POST /admin/invoices/{orderId}/payments',
        'POST /reviews',
        'POST /company/invitations',
        'POST /company/addresses',
        'POST /admin/api-keys',
        'POST /admin/webhooks',
        'POST /admin/webhooks/deliveries/{id}/resend',
        'POST /admin/punchout-connections',
        'POST /manageOrder/{id}/shipments',
        'POST /orders/{id}/returns',
        'POST /admin/price-lists',
        'POST /admin/warehouses',
        'POST /admin/stock/transfers',
        'POST /admin/purchase-orders',
        'POST /admin/credit-notes/{id}/pay-back',
        'POST /admin/purchase-orders/import',
        'POST /admin/purchase-orders/{id}/receive',
      ].sort(),
    );
  });
});
