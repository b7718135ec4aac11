import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox, stockOf } from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { rowsOf } from '../../db/queryable.ts';

/** Issue 37 (decision 037): return requests, approval with an RMA number, receiving with restock. */
describe('returns', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const [buyer, stranger, admin] = await Promise.all([signUp(app), signUp(app), signUpAdmin(app)]);

  /** A paid order of 10 of `a` (stock 100) and 4 of `b`; `shipA` of `a` shipped, none of `b`. */
  const shippedOrder = async (shipA = 10) => {
    const a = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 100 });
    const b = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 50 });
    for (const [id, quantity] of [
      [a.id, 10],
      [b.id, 4],
    ] as const) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/v1/cart/lines/${id}`,
        headers: as(buyer),
        payload: { quantity },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: as(buyer),
      payload: { address: '1 Mill Road, Springfield', phone: '555 0100' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data._id as string;
    expect((await payWithSandbox(app, buyer, id)).statusCode).toBe(200);
    const shipped = await app.inject({
      method: 'POST',
      url: `/api/v1/manageOrder/${id}/shipments`,
      headers: as(admin),
      payload: {
        lines: [{ productId: a.id, quantity: shipA }],
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    return { id, a: a.id, b: b.id };
  };
  const ask = (orderId: string, lines: unknown[], who: TestUser = buyer, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/returns`,
      headers: { ...as(who), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { lines, note: 'Box arrived crushed' },
    });
  const decide = (id: string, action: string, body?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/admin/returns/${id}/${action}`,
      headers: as(admin),
      ...(body ? { payload: body } : {}),
    });

  it('asks back 2 of 10 shipped, approves with an RMA number and a mail, receives with restock once', async () => {
    const order = await shippedOrder();
    const asked = await ask(order.id, [{ productId: order.a, quantity: 2, reason: 'damaged' }]);
    expect(asked.statusCode, asked.body).toBe(200);
    const made = asked.json().data;
    expect(made).toMatchObject({
      state: 'requested',
      rmaNumber: null,
      note: 'Box arrived crushed',
    });
    expect(made.lines).toEqual([
      expect.objectContaining({ productId: order.a, quantity: 2, reason: 'damaged', restocked: 0 }),
    ]);

    const mine = await app.inject({ url: '/api/v1/returns?limit=100', headers: as(buyer) });
    expect(mine.json().data.map((r: { id: string }) => r.id)).toContain(made.id);
    expect(
      (await app.inject({ url: `/api/v1/returns/${made.id}`, headers: as(buyer) })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: `/api/v1/returns/${made.id}`, headers: as(stranger) })).statusCode,
    ).toBe(404);
    const theirs = await app.inject({ url: '/api/v1/returns?limit=100', headers: as(stranger) });
    expect(theirs.json().data.map((r: { id: string }) => r.id)).not.toContain(made.id);

    const approved = await decide(made.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const rma = approved.json().data.rmaNumber as string;
    expect(rma).toMatch(/^RMA-\d{4}-\d{6}$/);
    const mail = await outbox.waitForMail(buyer.email, new RegExp(rma));
    expect(mail).toMatch(/write RMA-/);
    expect((await decide(made.id, 'approve')).statusCode).toBe(409);
    expect((await decide(made.id, 'refuse', { reason: 'late' })).statusCode).toBe(409);

    const before = await stockOf(app, order.a);
    const receive = () =>
      decide(made.id, 'receive', {
        lines: [
          { productId: order.a, quantity: 1, outcome: 'restock' },
          { productId: order.a, quantity: 1, outcome: 'scrap' },
        ],
      });
    const answers = await Promise.all(Array.from({ length: 8 }, receive));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(await stockOf(app, order.a)).toBe(before + 1);
    expect((await receive()).statusCode).toBe(409);
    expect(await stockOf(app, order.a)).toBe(before + 1);
    const seen = await app.inject({ url: `/api/v1/returns/${made.id}`, headers: as(buyer) });
    expect(seen.json().data).toMatchObject({ state: 'received', rmaNumber: rma });
    expect(seen.json().data.lines[0]).toMatchObject({ restocked: 1, scrapped: 1, refused: 0 });

    const audit = await rowsOf<{ action: string }>(
      app.db,
      sql`select action from audit_log where target_id = ${made.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['return.approve', 'return.receive']);
  });

  it('never asks back more than shipped minus asked, across 10 concurrent requests', async () => {
    const order = await shippedOrder(6);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ask(order.id, [{ productId: order.a, quantity: 1, reason: 'not_needed' }]),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(6);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(4);
    const [asked] = await rowsOf<{ n: number }>(
      app.db,
      sql`select coalesce(sum(l.quantity), 0)::int as n from return_lines l
        join returns r on r.id = l.return_id where r.order_id = ${order.id}`,
    );
    expect(asked?.n).toBe(6);
    // A refused return gives its pieces back to ask for.
    const first = answers.find((r) => r.statusCode === 200)?.json().data.id as string;
    expect((await decide(first, 'refuse', { reason: 'Not in resalable state' })).statusCode).toBe(
      200,
    );
    expect(
      (
        await decide(first, 'receive', {
          lines: [{ productId: order.a, quantity: 1, outcome: 'restock' }],
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await ask(order.id, [{ productId: order.a, quantity: 1, reason: 'damaged' }])).statusCode,
    ).toBe(200);
    expect(
      (await ask(order.id, [{ productId: order.a, quantity: 1, reason: 'damaged' }])).statusCode,
    ).toBe(422);
  });

  it('refuses unshipped lines, unknown products, twice-named products and a closed window', async () => {
    const order = await shippedOrder(3);
    const unshipped = await ask(order.id, [
      { productId: order.b, quantity: 1, reason: 'wrong_part' },
    ]);
    expect(unshipped.statusCode).toBe(422);
    expect(unshipped.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^lines:/),
    });
    expect(
      (await ask(order.id, [{ productId: order.a, quantity: 4, reason: 'damaged' }])).statusCode,
    ).toBe(422);
    const twice = await ask(order.id, [
      { productId: order.a, quantity: 1, reason: 'damaged' },
      { productId: order.a, quantity: 1, reason: 'did_not_fit' },
    ]);
    expect(twice.statusCode).toBe(422);
    await app.db.execute(
      sql`update shipments set created_at = now() - interval '31 days' where order_id = ${order.id}`,
    );
    const late = await ask(order.id, [{ productId: order.a, quantity: 1, reason: 'damaged' }]);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/30 days/);
    await app.db.execute(
      sql`update shipments set created_at = now() - interval '29 days' where order_id = ${order.id}`,
    );
    expect(
      (await ask(order.id, [{ productId: order.a, quantity: 1, reason: 'damaged' }])).statusCode,
    ).toBe(200);
  });

  it("answers 404 on another buyer's order, and once per Idempotency-Key", async () => {
    const order = await shippedOrder(5);
    const line = [{ productId: order.a, quantity: 2, reason: 'did_not_fit' }];
    expect((await ask(order.id, line, stranger)).statusCode).toBe(404);
    expect((await ask(order.id, line, admin)).statusCode).toBe(404);
    const first = await ask(order.id, line, buyer, 'return-key-1');
    const again = await ask(order.id, line, buyer, 'return-key-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    const [count] = await rowsOf<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from returns where order_id = ${order.id}`,
    );
    expect(count?.n).toBe(1);
  });

  it('receives only what the return asked, filters the admin list by state, gives RMA numbers without gaps', async () => {
    const order = await shippedOrder(10);
    const made = (
      await ask(order.id, [{ productId: order.a, quantity: 3, reason: 'damaged' }])
    ).json().data;
    const other = (
      await ask(order.id, [{ productId: order.a, quantity: 1, reason: 'damaged' }])
    ).json().data;
    expect(
      (
        await decide(made.id, 'receive', {
          lines: [{ productId: order.a, quantity: 1, outcome: 'restock' }],
        })
      ).statusCode,
    ).toBe(409);
    const [one, two] = await Promise.all([decide(made.id, 'approve'), decide(other.id, 'approve')]);
    const numbers = [one, two]
      .map((r) => Number(r.json().data.rmaNumber.slice(-6)))
      .sort((x, y) => x - y);
    expect(numbers[1]! - numbers[0]!).toBe(1);
    const tooMany = await decide(made.id, 'receive', {
      lines: [
        { productId: order.a, quantity: 2, outcome: 'restock' },
        { productId: order.a, quantity: 2, outcome: 'refuse' },
      ],
    });
    expect(tooMany.statusCode).toBe(422);
    const notOn = await decide(made.id, 'receive', {
      lines: [{ productId: order.b, quantity: 1, outcome: 'restock' }],
    });
    expect(notOn.statusCode).toBe(422);
    const approvedList = await app.inject({
      url: '/api/v1/admin/returns?state=approved&limit=100',
      headers: as(admin),
    });
    const states = approvedList.json().data.map((r: { state: string }) => r.state);
    expect(new Set(states)).toEqual(new Set(['approved']));
    expect(approvedList.json().data.map((r: { id: string }) => r.id)).toContain(made.id);
    const paged = await app.inject({ url: '/api/v1/admin/returns?limit=1', headers: as(admin) });
    const next = paged.json().nextCursor as string;
    expect(next).toBeTruthy();
    const page2 = await app.inject({
      url: `/api/v1/admin/returns?limit=1&cursor=${next}`,
      headers: as(admin),
    });
    expect(page2.json().data[0].id).not.toBe(paged.json().data[0].id);
    expect(
      (await app.inject({ url: '/api/v1/admin/returns', headers: as(buyer) })).statusCode,
    ).toBe(403);
  });
});
