import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox, stockOf } from '../../../test/order-helpers.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { rowsOf } from '../../db/queryable.ts';

/** Issue 33: partial shipments with tracking, their packing slips and mails, and the rest cancelled. */
describe('shipments', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const [buyer, stranger, admin] = await Promise.all([signUp(app), signUp(app), signUpAdmin(app)]);

  /** A paid two-line order: 10 of `a`, 4 of `b`, from stocks of 100 and 50. */
  const paidOrder = async () => {
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
    return { id, a: a.id, b: b.id };
  };
  const ship = (id: string, body: unknown, who: TestUser = admin, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/manageOrder/${id}/shipments`,
      headers: { ...as(who), ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as Record<string, unknown>,
    });
  const statusOf = async (id: string) =>
    (await rowsOf<{ status: string }>(app.db, sql`select status from orders where id = ${id}`))[0]
      ?.status;
  const shipmentsOf = (id: string, who: TestUser = buyer) =>
    app.inject({ url: `/api/v1/orders/${id}/shipments`, headers: as(who) });

  it('two partial shipments, then the ship action ships the rest; each mailed, each with a packing slip', async () => {
    const order = await paidOrder();
    const first = await ship(order.id, {
      lines: [{ productId: order.a, quantity: 6 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.trackingUrl).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(await statusOf(order.id)).toBe('partially_shipped');
    const second = await ship(order.id, {
      lines: [
        { productId: order.a, quantity: 2 },
        { productId: order.b, quantity: 4 },
      ],
      carrier: 'Acme Freight',
      trackingNumber: 'AF-77',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await statusOf(order.id)).toBe('partially_shipped');
    const mine = await app.inject({
      url: `/api/v1/purchase/${buyer.email.toLowerCase()}?limit=100`,
      headers: as(buyer),
    });
    const seen = mine.json().data.find((o: { _id: string }) => o._id === order.id);
    expect(seen.status).toBe('partially_shipped');
    expect(seen.lines.map((l: { shipped?: number }) => l.shipped)).toEqual([8, 4]);

    // The spec's ship action ships the 2 pieces left as one shipment and answers as before.
    const rest = await app.inject({
      method: 'PATCH',
      url: `/api/v1/manageOrder/${order.id}`,
      headers: as(admin),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toEqual({ acknowledged: true });
    expect(await statusOf(order.id)).toBe('shipped');
    const list = await shipmentsOf(order.id);
    expect(list.statusCode).toBe(200);
    const shipped = list.json().data as {
      id: string;
      carrier: string | null;
      lines: { productId: string; quantity: number }[];
    }[];
    expect(shipped.map((s) => [s.carrier, s.lines.map((l) => l.quantity)])).toEqual([
      ['UPS', [6]],
      ['Acme Freight', [2, 4]],
      [null, [2]],
    ]);
    // Nothing is left: another shipment is refused.
    const more = await ship(order.id, {
      lines: [{ productId: order.a, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1',
    });
    expect(more.statusCode).toBe(409);

    const mail = await outbox.waitForMail(buyer.email, /Acme Freight/);
    expect(mail).toContain('Tracking number: AF-77');
    expect(mail).toMatch(/Still to follow:\s+\S+\s+Bearing \d+: 2/);
    const ups = await outbox.waitForMail(buyer.email, /tracknum=1Z999AA10123456784/);
    expect(ups).toContain(': 6');

    const slip = await app.inject({
      url: `/api/v1/shipments/${shipped[1]!.id}/packing-slip.pdf`,
      headers: as(buyer),
    });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    const [text] = await readPdf(slip.rawPayload);
    for (const expected of ['Packing slip', 'Acme Freight', 'AF-77', '1 Mill Road, Springfield'])
      expect(text).toContain(expected);
    expect(text).toMatch(/Pieces in this shipment: 6/);
    // The admin reads it; a stranger finds neither the list nor the slip.
    expect((await shipmentsOf(order.id, admin)).statusCode).toBe(200);
    expect((await shipmentsOf(order.id, stranger)).statusCode).toBe(404);
    const foreign = await app.inject({
      url: `/api/v1/shipments/${shipped[1]!.id}/packing-slip.pdf`,
      headers: as(stranger),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('cancelling a partially shipped order gives back exactly the stock of what did not ship', async () => {
    const order = await paidOrder();
    expect([await stockOf(app, order.a), await stockOf(app, order.b)]).toEqual([90, 46]);
    await ship(order.id, {
      lines: [{ productId: order.a, quantity: 7 }],
      carrier: 'DHL',
      trackingNumber: 'JD014600006281230704',
    });
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/v1/manageOrder/${order.id}`,
      headers: as(admin),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect([await stockOf(app, order.a), await stockOf(app, order.b)]).toEqual([93, 50]);
    expect(await statusOf(order.id)).toBe('shipped');
    // Closed: a second cancel and any further shipment are refused, the stock unmoved.
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/v1/manageOrder/${order.id}`,
      headers: as(admin),
    });
    expect(again.statusCode).toBe(409);
    expect([await stockOf(app, order.a), await stockOf(app, order.b)]).toEqual([93, 50]);
  });

  it('refuses more than is left, another order’s product, no lines and junk, naming the field', async () => {
    const order = await paidOrder();
    const other = await createProduct(app, { minimumOrderQuantity: 1 });
    const good = { carrier: 'FedEx', trackingNumber: '449044304137821' };
    const cases: [unknown, number, RegExp][] = [
      [{ ...good, lines: [{ productId: order.a, quantity: 11 }] }, 422, /^lines: .*10 pieces left/],
      [
        { ...good, lines: [{ productId: other.id, quantity: 1 }] },
        422,
        /^lines: .*not on this order/,
      ],
      [{ ...good, lines: [] }, 400, /^lines: /],
      [{ ...good, lines: [{ productId: order.a, quantity: 0 }] }, 400, /^lines\.0\.quantity: /],
      [{ ...good, lines: [{ productId: order.a, quantity: 1.5 }] }, 400, /^lines\.0\.quantity: /],
      [
        {
          lines: [{ productId: order.a, quantity: 1 }],
          carrier: 'x'.repeat(10_240),
          trackingNumber: '1',
        },
        400,
        /^carrier: /,
      ],
      [
        { lines: [{ productId: order.a, quantity: 1 }], carrier: 'UPS', trackingNumber: '1\n2' },
        400,
        /^trackingNumber: /,
      ],
      [{ lines: [{ productId: order.a, quantity: 1 }], carrier: 'UPS' }, 400, /^trackingNumber: /],
    ];
    for (const [body, status, message] of cases) {
      const res = await ship(order.id, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body).slice(0, 80)).toEqual([
        status,
        expect.stringMatching(message),
      ]);
    }
    expect(await statusOf(order.id)).toBe('pending');
    // The buyer is no admin; an unpaid order is not shippable.
    expect(
      (await ship(order.id, { ...good, lines: [{ productId: order.a, quantity: 1 }] }, buyer))
        .statusCode,
    ).toBe(403);
  });

  it('two admins shipping the same rest at once ship it once; a retried key answers the same shipment', async () => {
    const order = await paidOrder();
    const body = {
      lines: [
        { productId: order.a, quantity: 10 },
        { productId: order.b, quantity: 4 },
      ],
      carrier: 'USPS',
      trackingNumber: '9400100000000000000000',
    };
    const answers = await Promise.all([ship(order.id, body), ship(order.id, body)]);
    // The second waits for the first's lock, then finds the order shipped.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await shipmentsOf(order.id)).json().data).toHaveLength(1);
    expect(await statusOf(order.id)).toBe('shipped');

    const keyed = await paidOrder();
    const once = { ...body, lines: [{ productId: keyed.a, quantity: 3 }] };
    const [x, y] = await Promise.all([
      ship(keyed.id, once, admin, 'ship-3-of-a'),
      ship(keyed.id, once, admin, 'ship-3-of-a'),
    ]);
    expect([x!.statusCode, y!.statusCode]).toEqual([200, 200]);
    expect(x!.json().data.id).toBe(y!.json().data.id);
    expect((await shipmentsOf(keyed.id)).json().data).toHaveLength(1);
    const events = await rowsOf<{ type: string }>(
      app.db,
      sql`select type from outbox_events where subject = ${`order:${order.id}`} order by seq`,
    );
    expect(events.map((e) => e.type).slice(-2)).toEqual(['shipment.created', 'order.shipped']);
  });
});
