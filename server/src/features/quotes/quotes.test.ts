import { companyMessages } from '@proper-parts/domain/companies';
import { formatPrice } from '@proper-parts/domain/format';
import { quoteMessages } from '@proper-parts/domain/quotes';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, placeOrder, stockOf } from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { expireApprovals } from '../companies/approvals-repository.ts';

const shipTo = { address: '1 Mill Rd, Peoria IL', phone: '+1 309 555 0100', poNumber: 'PO-77' };
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('quotes: requested from the cart, answered by the shop, accepted once', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const buyer = await signUp(app, { name: 'Quinn Quoter' });
  const other = await signUp(app, { name: 'Olga Other' });
  const companyAdmin = await signUp(app, { name: 'Ada Admin' });
  const colleague = await signUp(app, { name: 'Cole League' });
  const limited = await signUp(app, { name: 'Lim Ited' });
  const foreigner = await signUp(app, { name: 'Bert B' });
  const shop = await signUpAdmin(app, { name: 'Shop Sam' });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await app.db.execute(query)).rows as T[];
  const idOf = async (who: TestUser) =>
    (await rows<{ id: string }>(sql`select id from "user" where email = ${who.email}`))[0]
      ?.id as string;
  const newCompany = async (name: string) =>
    (
      await rows<{ id: string }>(
        sql`insert into companies (name, billing_address) values (${name}, '1 Road') returning id`,
      )
    )[0]?.id as string;
  const join = async (
    who: TestUser,
    companyId: string,
    role: string,
    limitCents: number | null = null,
  ) =>
    app.db.execute(
      sql`insert into company_members (user_id, company_id, role, order_limit_cents)
        values (${await idOf(who)}, ${companyId}, ${role}, ${limitCents})`,
    );
  const companyA = await newCompany('Acme Fasteners');
  const companyB = await newCompany('Bolt Brothers');
  await join(companyAdmin, companyA, 'admin');
  await join(colleague, companyA, 'buyer');
  await join(limited, companyA, 'buyer', 10_000);
  await join(foreigner, companyB, 'admin');

  const call = (who: TestUser | null, method: string, url: string, payload?: unknown) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: who ? as(who) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const setLine = (who: TestUser, productId: string, quantity: number) =>
    call(who, 'PUT', `/cart/lines/${productId}`, { quantity });
  const emptyCart = async (who: TestUser) =>
    app.db.execute(sql`delete from cart_lines where user_id = ${await idOf(who)}`);
  /** A requested quote of `who` for these lines; its id. */
  const requestFor = async (who: TestUser, lines: { productId: string; quantity: number }[]) => {
    const res = await call(who, 'POST', '/quotes', { message: 'Best price please', lines });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { _id: string; lines: { lineNo: number }[] };
  };
  const answer = (id: string, prices: number[], extra: object = {}) =>
    call(shop, 'POST', `/admin/quotes/${id}/answer`, {
      lines: prices.map((unitPrice, i) => ({ lineNo: i + 1, unitPrice })),
      leadTimeDays: 14,
      expiresOn: day(7),
      note: 'Delivered in two lots',
      ...extra,
    });
  const answeredFor = async (
    who: TestUser,
    lines: { productId: string; quantity: number }[],
    prices: number[],
  ) => {
    const quote = await requestFor(who, lines);
    const res = await answer(quote._id, prices);
    expect(res.statusCode, res.body).toBe(200);
    return quote._id;
  };
  const accept = (who: TestUser, id: string, body: object = shipTo) =>
    call(who, 'POST', `/quotes/${id}/accept`, body);

  describe('requesting', () => {
    it('sends the cart, quantities above the stock included, with the part numbers and names copied; keeps the cart', async () => {
      const scarce = await createProduct(app, {
        sku: 'SCARCE-1',
        name: 'Scarce gear',
        availableQuantity: 5,
        minimumOrderQuantity: 1,
      });
      const plenty = await createProduct(app, {
        sku: 'PLENTY-1',
        name: 'Plenty nut',
        availableQuantity: 500,
        minimumOrderQuantity: 1,
      });
      await emptyCart(buyer);
      expect((await setLine(buyer, scarce.id, 40)).statusCode).toBe(200);
      expect((await setLine(buyer, plenty.id, 100)).statusCode).toBe(200);
      const res = await call(buyer, 'POST', '/quotes', { message: 'For a 40-machine fleet' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(quoteMessages.requested);
      const quote = res.json().data;
      expect(quote).toMatchObject({
        status: 'requested',
        message: 'For a 40-machine fleet',
        buyerEmail: buyer.email,
        companyName: null,
        total: null,
        orderId: null,
      });
      expect(quote.lines).toEqual([
        expect.objectContaining({
          lineNo: 1,
          sku: 'SCARCE-1',
          name: 'Scarce gear',
          quantity: 40,
          listPrice: 12.5,
          availableQuantity: 5,
          unitPrice: null,
        }),
        expect.objectContaining({
          lineNo: 2,
          sku: 'PLENTY-1',
          name: 'Plenty nut',
          quantity: 100,
          unitPrice: null,
        }),
      ]);
      // A later rename of the part does not change what was asked for.
      await app.db.execute(sql`update products set name = 'Renamed gear' where id = ${scarce.id}`);
      const read = (await call(buyer, 'GET', `/quotes/${quote._id}`)).json().data;
      expect(read.lines[0].name).toBe('Scarce gear');
      expect((await call(buyer, 'GET', '/cart')).json().data.lines).toHaveLength(2);
      // The buyer is told, and so is the shop.
      await outbox.waitForMail(buyer.email, /We received your request for a quote/);
      const shopMail = await outbox.waitForMail(shop.email, /Quote requested by Quinn Quoter/);
      expect(shopMail).toContain('For a 40-machine fleet');
      expect(shopMail).toContain(`/dashboard/quote-inbox/${quote._id}`);
    });

    it('records the company of a member, and takes the lines of the body (a part twice is one line)', async () => {
      const part = await createProduct(app, { sku: 'BODY-1' });
      const res = await call(colleague, 'POST', '/quotes', {
        lines: [
          { productId: part.id, quantity: 30 },
          { productId: part.id, quantity: 20 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ companyName: 'Acme Fasteners', message: '' });
      expect(res.json().data.lines).toEqual([
        expect.objectContaining({ sku: 'BODY-1', quantity: 50 }),
      ]);
      const [row] = await rows<{ companyId: string }>(
        sql`select company_id as "companyId" from quotes where id = ${res.json().data._id}`,
      );
      expect(row?.companyId).toBe(companyA);
    });

    it('refuses an empty cart, a part no longer sold (by name), an unknown part, and shop admins', async () => {
      await emptyCart(other);
      const empty = await call(other, 'POST', '/quotes', { message: 'hi' });
      expect([empty.statusCode, empty.json().message]).toEqual([400, quoteMessages.cartEmpty]);
      expect((await call(other, 'POST', '/quotes', { lines: [] })).json().message).toBe(
        quoteMessages.cartEmpty,
      );

      const gone = await createProduct(app, { sku: 'GONE-9', name: 'Retired valve' });
      await setLine(other, gone.id, 10);
      await app.db.execute(sql`update products set deleted_at = now() where id = ${gone.id}`);
      const refused = await call(other, 'POST', '/quotes', {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(quoteMessages.partGone('GONE-9 Retired valve'));
      const byBody = await call(other, 'POST', '/quotes', {
        lines: [{ productId: gone.id, quantity: 1 }],
      });
      expect(byBody.json().message).toContain('GONE-9 Retired valve');

      const unknown = await call(other, 'POST', '/quotes', {
        lines: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      });
      expect([unknown.statusCode, unknown.json().message]).toEqual([
        400,
        quoteMessages.unknownPart,
      ]);

      const admin = await call(shop, 'POST', '/quotes', { message: 'x' });
      expect(admin.statusCode).toBe(403);
      expect((await call(null, 'POST', '/quotes', {})).statusCode).toBe(401);
    });

    it('refuses junk bodies with a 400 and a message', async () => {
      const part = await createProduct(app);
      const junk: unknown[] = [
        { message: 'x'.repeat(2001) },
        { message: 42 },
        { lines: 'all of them' },
        { lines: [{ productId: 'not-a-uuid', quantity: 1 }] },
        { lines: [{ productId: part.id, quantity: 0 }] },
        { lines: [{ productId: part.id, quantity: 1.5 }] },
        { lines: [{ productId: part.id, quantity: 1_000_001 }] },
        { lines: Array.from({ length: 201 }, () => ({ productId: part.id, quantity: 1 })) },
        [1, 2, 3],
      ];
      for (const body of junk) {
        const res = await call(other, 'POST', '/quotes', body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
      }
    });

    it('keeps at most 20 requests of one buyer waiting for an answer', async () => {
      const spammer = await signUp(app);
      const part = await createProduct(app);
      for (let i = 0; i < 20; i += 1)
        await requestFor(spammer, [{ productId: part.id, quantity: 1 }]);
      const res = await call(spammer, 'POST', '/quotes', {
        lines: [{ productId: part.id, quantity: 1 }],
      });
      expect([res.statusCode, res.json().message]).toEqual([409, quoteMessages.tooManyOpen(20)]);
    });
  });

  describe('who sees a quote', () => {
    it('the requester, a company admin of its company and shop admins; nobody else (404)', async () => {
      const part = await createProduct(app);
      const quote = await requestFor(colleague, [{ productId: part.id, quantity: 10 }]);
      const status = async (who: TestUser) =>
        (await call(who, 'GET', `/quotes/${quote._id}`)).statusCode;
      expect(await status(colleague)).toBe(200);
      expect(await status(companyAdmin)).toBe(200);
      expect(await status(shop)).toBe(200);
      expect(await status(limited)).toBe(404); // a fellow buyer of the same company
      expect(await status(foreigner)).toBe(404); // the admin of another company
      expect(await status(other)).toBe(404); // a customer in no company
      expect((await call(null, 'GET', `/quotes/${quote._id}`)).statusCode).toBe(401);
      const missing = await call(buyer, 'GET', '/quotes/00000000-0000-4000-8000-000000000000');
      expect([missing.statusCode, missing.json().message]).toEqual([404, quoteMessages.notFound]);
      expect((await call(buyer, 'GET', '/quotes/not-a-uuid')).statusCode).toBe(400);
    });

    it('a removed member loses their company quotes at once, even their own', async () => {
      const leaver = await signUp(app);
      await join(leaver, companyA, 'buyer');
      const part = await createProduct(app);
      const id = await answeredFor(leaver, [{ productId: part.id, quantity: 10 }], [10]);
      expect((await call(leaver, 'GET', `/quotes/${id}`)).statusCode).toBe(200);
      await app.db.execute(sql`delete from company_members where user_id = ${await idOf(leaver)}`);
      expect((await call(leaver, 'GET', `/quotes/${id}`)).statusCode).toBe(404);
      expect((await accept(leaver, id)).statusCode).toBe(404);
      expect((await call(leaver, 'GET', '/quotes')).json().data).toEqual([]);
      // The company admin still has it.
      expect((await call(companyAdmin, 'GET', `/quotes/${id}`)).statusCode).toBe(200);
    });

    it('lists: my own quotes newest first by keyset pages; a company admin sees the whole company', async () => {
      const lister = await signUp(app);
      const part = await createProduct(app);
      const first = await requestFor(lister, [{ productId: part.id, quantity: 1 }]);
      const second = await requestFor(lister, [{ productId: part.id, quantity: 2 }]);
      const page1 = (await call(lister, 'GET', '/quotes?limit=1')).json();
      expect(page1.data.map((q: { _id: string }) => q._id)).toEqual([second._id]);
      expect(page1.data[0]).toMatchObject({ lineCount: 1, status: 'requested' });
      const page2 = (
        await call(lister, 'GET', `/quotes?limit=1&cursor=${page1.nextCursor}`)
      ).json();
      expect(page2.data.map((q: { _id: string }) => q._id)).toEqual([first._id]);
      expect(page2.nextCursor).toBeNull();

      const ofColleague = await requestFor(colleague, [{ productId: part.id, quantity: 3 }]);
      const ids = async (who: TestUser) =>
        (await call(who, 'GET', '/quotes?limit=100'))
          .json()
          .data.map((q: { _id: string }) => q._id);
      expect(await ids(companyAdmin)).toContain(ofColleague._id);
      expect(await ids(limited)).not.toContain(ofColleague._id);
      expect(await ids(foreigner)).not.toContain(ofColleague._id);
      expect(await ids(lister)).not.toContain(ofColleague._id);
      expect((await call(lister, 'GET', '/quotes?cursor=junk')).statusCode).toBe(400);
      expect((await call(lister, 'GET', '/quotes?status=lost')).statusCode).toBe(400);
    });
  });

  describe('the shop answers', () => {
    it('with a unit price for every line, a lead time and an expiry; the buyer is mailed', async () => {
      const a = await createProduct(app, { priceCents: 1000 });
      const b = await createProduct(app, { priceCents: 250 });
      const quote = await requestFor(buyer, [
        { productId: a.id, quantity: 100 },
        { productId: b.id, quantity: 40 },
      ]);
      const res = await answer(quote._id, [8.5, 1.99]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'answered',
        leadTimeDays: 14,
        expiresOn: day(7),
        answerNote: 'Delivered in two lots',
        total: 929.6,
      });
      expect(
        res
          .json()
          .data.lines.map((l: { unitPrice: number; lineTotal: number; listPrice: number }) => [
            l.listPrice,
            l.unitPrice,
            l.lineTotal,
          ]),
      ).toEqual([
        [10, 8.5, 850],
        [2.5, 1.99, 79.6],
      ]);
      // Issue 34: the request and the answer, each written with its change, in order.
      const events = await rows<{ type: string; data: Record<string, unknown> }>(
        sql`select type, data from outbox_events where subject = ${`quote:${quote._id}`} order by seq`,
      );
      expect(events.map((event) => event.type)).toEqual(['quote.requested', 'quote.answered']);
      expect(events[0]?.data).toMatchObject({ id: quote._id, email: buyer.email });
      expect(events[0]?.data.lines).toHaveLength(2);
      expect(events[1]?.data).toEqual({
        id: quote._id,
        total: 929.6,
        leadTimeDays: 14,
        expiresOn: day(7),
      });
      const mail = await outbox.waitForMail(buyer.email, /Your quote is ready/);
      expect(mail).toContain('Total: $929.60');
      expect(mail).toContain(`/dashboard/quotes/${quote._id}`);
      // Answered once: a second answer (another admin at the same time) is refused.
      const again = await answer(quote._id, [1, 1]);
      expect([again.statusCode, again.json().message]).toEqual([409, quoteMessages.notAnswerable]);
    });

    it('refuses a missing, extra or repeated line, a past or unreal expiry, a total of $0; only shop admins answer', async () => {
      const a = await createProduct(app);
      const b = await createProduct(app);
      const quote = await requestFor(buyer, [
        { productId: a.id, quantity: 10 },
        { productId: b.id, quantity: 10 },
      ]);
      const url = `/admin/quotes/${quote._id}/answer`;
      const base = { leadTimeDays: 5, expiresOn: day(3) };
      const cases: [object, string][] = [
        [{ ...base, lines: [{ lineNo: 1, unitPrice: 5 }] }, quoteMessages.linesMismatch],
        [
          {
            ...base,
            lines: [
              { lineNo: 1, unitPrice: 5 },
              { lineNo: 2, unitPrice: 5 },
              { lineNo: 3, unitPrice: 5 },
            ],
          },
          quoteMessages.linesMismatch,
        ],
        [
          {
            ...base,
            lines: [
              { lineNo: 1, unitPrice: 5 },
              { lineNo: 1, unitPrice: 6 },
            ],
          },
          quoteMessages.linesMismatch,
        ],
        [
          {
            ...base,
            lines: [
              { lineNo: 1, unitPrice: 5 },
              { lineNo: 3, unitPrice: 5 },
            ],
          },
          quoteMessages.linesMismatch,
        ],
        [{ ...base, lines: [] }, quoteMessages.linesMismatch],
        [
          {
            ...base,
            expiresOn: day(-1),
            lines: [
              { lineNo: 1, unitPrice: 5 },
              { lineNo: 2, unitPrice: 5 },
            ],
          },
          quoteMessages.expiryInPast,
        ],
        [
          {
            ...base,
            lines: [
              { lineNo: 1, unitPrice: 0 },
              { lineNo: 2, unitPrice: 0 },
            ],
          },
          quoteMessages.totalZero,
        ],
      ];
      for (const [body, message] of cases) {
        const res = await call(shop, 'POST', url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toContain(message);
      }
      const junk: object[] = [
        { ...base, expiresOn: '2027-02-31', lines: [{ lineNo: 1, unitPrice: 5 }] },
        { ...base, expiresOn: 'tomorrow', lines: [{ lineNo: 1, unitPrice: 5 }] },
        { ...base, lines: [{ lineNo: 1, unitPrice: -1 }] },
        { ...base, lines: [{ lineNo: 1, unitPrice: 1.234 }] },
        { ...base, lines: [{ lineNo: 1, unitPrice: '5' }] },
        { ...base, leadTimeDays: -1, lines: [{ lineNo: 1, unitPrice: 5 }] },
        { ...base, leadTimeDays: 2.5, lines: [{ lineNo: 1, unitPrice: 5 }] },
        { lines: [{ lineNo: 1, unitPrice: 5 }] },
      ];
      for (const body of junk)
        expect((await call(shop, 'POST', url, body)).statusCode, JSON.stringify(body)).toBe(400);
      // Nothing above changed it: it still waits, and today is a valid last day.
      expect((await call(buyer, 'GET', `/quotes/${quote._id}`)).json().data.status).toBe(
        'requested',
      );
      expect((await call(buyer, 'POST', url, { ...base, lines: [] })).statusCode).toBe(403);
      const missing = await call(
        shop,
        'POST',
        '/admin/quotes/00000000-0000-4000-8000-000000000000/answer',
        {
          ...base,
          lines: [{ lineNo: 1, unitPrice: 5 }],
        },
      );
      expect(missing.statusCode).toBe(404);
      expect((await answer(quote._id, [5, 5], { expiresOn: day(0) })).statusCode).toBe(200);
    });

    it('declines a request; a declined quote cannot be answered, declined again, or accepted', async () => {
      const part = await createProduct(app);
      const quote = await requestFor(buyer, [{ productId: part.id, quantity: 5000 }]);
      const res = await call(shop, 'POST', `/admin/quotes/${quote._id}/decline`, {
        note: 'We cannot source that many',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'declined',
        answerNote: 'We cannot source that many',
        total: null,
      });
      await outbox.waitForMail(buyer.email, /The shop cannot quote your request/);
      expect((await call(shop, 'POST', `/admin/quotes/${quote._id}/decline`, {})).statusCode).toBe(
        409,
      );
      expect((await answer(quote._id, [1])).statusCode).toBe(409);
      const accepted = await accept(buyer, quote._id);
      expect([accepted.statusCode, accepted.json().message]).toEqual([
        409,
        quoteMessages.notAcceptable,
      ]);
    });

    it('lists every quote for the shop, by status, newest first', async () => {
      const part = await createProduct(app);
      const waiting = await requestFor(other, [{ productId: part.id, quantity: 1 }]);
      const answeredId = await answeredFor(other, [{ productId: part.id, quantity: 1 }], [3]);
      const ids = async (query: string) =>
        (await call(shop, 'GET', `/admin/quotes?limit=100${query}`))
          .json()
          .data.map((q: { _id: string }) => q._id);
      expect((await ids('')).slice(0, 2)).toEqual([answeredId, waiting._id]);
      expect(await ids('&status=requested')).toContain(waiting._id);
      expect(await ids('&status=requested')).not.toContain(answeredId);
      expect(await ids('&status=answered')).toContain(answeredId);
      expect((await call(other, 'GET', '/admin/quotes')).statusCode).toBe(403);
    });
  });

  describe('accepting', () => {
    it('places one unpaid card order at the quoted prices, with the company and the quote; the buyer and the shop are mailed', async () => {
      const a = await createProduct(app, { priceCents: 1000, availableQuantity: 500 });
      const b = await createProduct(app, { priceCents: 400, availableQuantity: 500 });
      const id = await answeredFor(
        colleague,
        [
          { productId: a.id, quantity: 100 },
          { productId: b.id, quantity: 30 },
        ],
        [7.25, 3.1],
      );
      const res = await accept(colleague, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(quoteMessages.accepted);
      const { quote, orderId } = res.json().data;
      expect(quote).toMatchObject({ status: 'accepted', orderId });
      const order = (await call(colleague, 'GET', `/myPurchase/${orderId}`)).json().data;
      expect(order).toMatchObject({
        status: 'unpaid',
        paid: false,
        paymentTerms: 'card',
        companyId: companyA,
        quoteId: id,
        price: 818,
        quantity: 130,
        address: shipTo.address,
        phone: shipTo.phone,
        poNumber: 'PO-77',
      });
      expect(
        order.lines.map((l: { unitPrice: number; quantity: number; lineTotal: number }) => [
          l.unitPrice,
          l.quantity,
          l.lineTotal,
        ]),
      ).toEqual([
        [7.25, 100, 725],
        [3.1, 30, 93],
      ]);
      expect(await stockOf(app, a.id)).toBe(400);
      expect(await stockOf(app, b.id)).toBe(470);
      const events = await rows<{ type: string; data: Record<string, unknown> }>(
        sql`select type, data from outbox_events where subject = ${`order:${orderId}`}`,
      );
      expect(events).toEqual([
        {
          type: 'order.created',
          data: expect.objectContaining({ id: orderId, quoteId: id, total: 818 }),
        },
      ]);
      const mail = await outbox.waitForMail(
        colleague.email,
        new RegExp(`Your quote became order ${orderId}`),
      );
      expect(mail).toContain(`/dashboard/payment/${orderId}`);
      await outbox.waitForMail(shop.email, new RegExp(`Quote accepted: order ${orderId}`));
      // Once: a second accept is refused and places nothing.
      const again = await accept(colleague, id);
      expect([again.statusCode, again.json().message]).toEqual([
        409,
        quoteMessages.alreadyAccepted,
      ]);
      const [count] = await rows<{ n: string | number }>(
        sql`select count(*) as n from orders where quote_id = ${id}`,
      );
      expect(Number(count?.n)).toBe(1);
      // The order can be paid on the existing payment page: the intent is for its total.
      const intent = await call(colleague, 'POST', '/create-payment-intent', { orderId });
      expect(intent.statusCode, intent.body).toBe(200);
    });

    it('two accepts at once place exactly one order', async () => {
      const part = await createProduct(app, { availableQuantity: 1000 });
      const id = await answeredFor(buyer, [{ productId: part.id, quantity: 10 }], [2]);
      const answers = await Promise.all([accept(buyer, id), accept(buyer, id), accept(buyer, id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      for (const refused of answers.filter((r) => r.statusCode === 409))
        expect(refused.json().message).toBe(quoteMessages.alreadyAccepted);
      const [count] = await rows<{ n: string | number }>(
        sql`select count(*) as n from orders where quote_id = ${id}`,
      );
      expect(Number(count?.n)).toBe(1);
      expect(await stockOf(app, part.id)).toBe(990);
    });

    it('the unique quote_id of orders is the second guard: it undoes the whole accept', async () => {
      const part = await createProduct(app, { availableQuantity: 100, minimumOrderQuantity: 1 });
      const id = await answeredFor(buyer, [{ productId: part.id, quantity: 10 }], [2]);
      // An order already claims this quote (as if a first accept had slipped past the update).
      const claimed = await placeOrder(app, buyer, { toolId: part.id, quantity: 1 });
      await app.db.execute(sql`update orders set quote_id = ${id} where id = ${claimed}`);
      const res = await accept(buyer, id);
      expect([res.statusCode, res.json().message]).toEqual([409, quoteMessages.alreadyAccepted]);
      expect(await stockOf(app, part.id)).toBe(99);
      const [row] = await rows<{ status: string }>(sql`select status from quotes where id = ${id}`);
      expect(row?.status).toBe('answered');
    });

    it('an expired quote cannot be accepted; it reads as expired', async () => {
      const part = await createProduct(app);
      const id = await answeredFor(buyer, [{ productId: part.id, quantity: 10 }], [2]);
      await app.db.execute(
        sql`update quotes set expires_on = (now() at time zone 'UTC')::date - 1 where id = ${id}`,
      );
      expect((await call(buyer, 'GET', `/quotes/${id}`)).json().data.status).toBe('expired');
      const ids = (await call(buyer, 'GET', '/quotes?status=expired&limit=100'))
        .json()
        .data.map((q: { _id: string }) => q._id);
      expect(ids).toContain(id);
      const res = await accept(buyer, id);
      expect([res.statusCode, res.json().message]).toEqual([409, quoteMessages.expired]);
      const [count] = await rows<{ n: string | number }>(
        sql`select count(*) as n from orders where quote_id = ${id}`,
      );
      expect(Number(count?.n)).toBe(0);
      // Its last day is still good.
      await app.db.execute(
        sql`update quotes set expires_on = (now() at time zone 'UTC')::date where id = ${id}`,
      );
      expect((await accept(buyer, id)).statusCode).toBe(200);
    });

    it('only the requester accepts: not their company admin, another customer, another company, or the shop', async () => {
      const part = await createProduct(app);
      const id = await answeredFor(colleague, [{ productId: part.id, quantity: 10 }], [2]);
      const notYet = await requestFor(colleague, [{ productId: part.id, quantity: 10 }]);
      const tries: [TestUser, number, string][] = [
        [companyAdmin, 403, quoteMessages.onlyRequester],
        [limited, 404, quoteMessages.notFound],
        [foreigner, 404, quoteMessages.notFound],
        [other, 404, quoteMessages.notFound],
      ];
      for (const [who, status, message] of tries) {
        const res = await accept(who, id);
        expect([res.statusCode, res.json().message]).toEqual([status, message]);
      }
      expect((await accept(shop, id)).statusCode).toBe(403);
      expect((await call(null, 'POST', `/quotes/${id}/accept`, shipTo)).statusCode).toBe(401);
      const unanswered = await accept(colleague, notYet._id);
      expect([unanswered.statusCode, unanswered.json().message]).toEqual([
        409,
        quoteMessages.notAcceptable,
      ]);
      expect((await call(colleague, 'GET', `/quotes/${id}`)).json().data.status).toBe('answered');
    });

    it('above the stock: the order is placed, the stock goes to 0, the rest is back-ordered; a cancel gives back exactly what was taken', async () => {
      const scarce = await createProduct(app, { availableQuantity: 5, minimumOrderQuantity: 1 });
      const plenty = await createProduct(app, { availableQuantity: 50, minimumOrderQuantity: 1 });
      const id = await answeredFor(
        buyer,
        [
          { productId: scarce.id, quantity: 12 },
          { productId: plenty.id, quantity: 20 },
        ],
        [4, 1],
      );
      const res = await accept(buyer, id);
      expect(res.statusCode, res.body).toBe(200);
      const { orderId } = res.json().data;
      expect(await stockOf(app, scarce.id)).toBe(0);
      expect(await stockOf(app, plenty.id)).toBe(30);
      const order = (await call(buyer, 'GET', `/myPurchase/${orderId}`)).json().data;
      expect(order.price).toBe(68);
      expect(
        order.lines.map((l: { quantity: number; backordered?: number }) => [
          l.quantity,
          l.backordered ?? 0,
        ]),
      ).toEqual([
        [12, 7],
        [20, 0],
      ]);
      const cancel = await call(buyer, 'DELETE', `/myPurchase/${orderId}`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await stockOf(app, scarce.id)).toBe(5);
      expect(await stockOf(app, plenty.id)).toBe(50);
      // A cancelled order's quote stays used.
      expect((await accept(buyer, id)).statusCode).toBe(409);
    });

    it('refuses a part withdrawn since the answer, and keeps the quote answered', async () => {
      const part = await createProduct(app, { sku: 'WD-40X', name: 'Withdrawn widget' });
      const id = await answeredFor(buyer, [{ productId: part.id, quantity: 10 }], [2]);
      await app.db.execute(sql`update products set deleted_at = now() where id = ${part.id}`);
      const res = await accept(buyer, id);
      expect([res.statusCode, res.json().message]).toEqual([
        409,
        quoteMessages.partGoneSinceAnswer('WD-40X Withdrawn widget'),
      ]);
      expect((await call(buyer, 'GET', `/quotes/${id}`)).json().data.status).toBe('answered');
    });

    it('refuses junk bodies with a 400 and accepts nothing', async () => {
      const part = await createProduct(app);
      const id = await answeredFor(buyer, [{ productId: part.id, quantity: 10 }], [2]);
      const junk: unknown[] = [
        {},
        { address: '', phone: '555' },
        { address: '1 Road', phone: 'call me' },
        { address: '1 Road', phone: '555', poNumber: 'P'.repeat(51) },
        { address: 'x'.repeat(301), phone: '555' },
      ];
      for (const body of junk) {
        const res = await accept(buyer, id, body as object);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().success).toBe(false);
      }
      expect((await call(buyer, 'GET', `/quotes/${id}`)).json().data.status).toBe('answered');
    });
  });

  describe('the company rules of checkout', async () => {
    const approver = await signUp(app, { name: 'Apu Prover' });
    const capped = await signUp(app, { name: 'Cap Ped' });
    const unlimited = await signUp(app, { name: 'Una Limited' });
    const companyC = await newCompany('Credit Cogs');
    // Net 30 with $1,000 of credit; capped buys up to $100 an order.
    await app.db.execute(
      sql`update companies set terms_days = 30, credit_limit_cents = 100000 where id = ${companyC}`,
    );
    await join(approver, companyC, 'approver');
    await join(capped, companyC, 'buyer', 10_000);
    await join(unlimited, companyC, 'buyer');
    const onAccount = { ...shipTo, paymentTerms: 'account' };
    const balanceOf = async (companyId: string) =>
      Number(
        (
          await rows<{ b: string | number }>(
            sql`select balance_cents as b from companies where id = ${companyId}`,
          )
        )[0]?.b,
      ) / 100;
    const decide = (who: TestUser, orderId: string, verb: 'approve' | 'reject', body = {}) =>
      call(who, 'POST', `/company/approvals/${orderId}/${verb}`, body);
    const orderOf = async (who: TestUser, orderId: string) =>
      (await call(who, 'GET', `/myPurchase/${orderId}`)).json().data;
    const quoteOf = async (who: TestUser, id: string) =>
      (await call(who, 'GET', `/quotes/${id}`)).json().data;
    const ordersOf = async (id: string) =>
      Number(
        (
          await rows<{ n: string | number }>(
            sql`select count(*) as n from orders where quote_id = ${id}`,
          )
        )[0]?.n,
      );
    const inDays = (days: number) =>
      new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

    it('a quote requested before its buyer joined the company is accepted under its rules (no way around the limit)', async () => {
      const newcomer = await signUp(app, { name: 'New Comer' });
      const part = await createProduct(app, { availableQuantity: 500 });
      const id = await answeredFor(newcomer, [{ productId: part.id, quantity: 100 }], [1.5]);
      await join(newcomer, companyC, 'buyer', 10_000);
      const res = await accept(newcomer, id);
      expect(res.statusCode, res.body).toBe(200);
      const order = await orderOf(newcomer, res.json().data.orderId);
      expect(order).toMatchObject({ status: 'awaiting_approval', companyId: companyC, price: 150 });
    });

    it('above the limit, by card: the order awaits approval (stock taken, 72 h), mails the approver; approved, it waits for the card', async () => {
      const part = await createProduct(app, { availableQuantity: 500 });
      const id = await answeredFor(capped, [{ productId: part.id, quantity: 100 }], [1.5]);
      const res = await accept(capped, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(quoteMessages.acceptedAwaitingApproval);
      const { orderId, quote } = res.json().data;
      expect(quote.order).toEqual({
        status: 'awaiting_approval',
        paymentTerms: 'card',
        invoiceNumber: null,
        dueOn: null,
      });
      const order = await orderOf(capped, orderId);
      expect(order).toMatchObject({ status: 'awaiting_approval', price: 150, quoteId: id });
      const hold = Date.parse(order.approvalExpiresAt) - Date.now();
      expect(hold).toBeGreaterThan(71 * 3_600_000);
      expect(hold).toBeLessThanOrEqual(72 * 3_600_000);
      expect(await stockOf(app, part.id)).toBe(400);
      await outbox.waitForMail(capped.email, new RegExp(`Your order ${orderId} awaits approval`));
      // Its subject is folded (a long header): the body names the order.
      const asked = await outbox.waitForMail(approver.email, new RegExp(`Order id: ${orderId}`));
      expect(asked).toContain('Cap Ped placed an order above their limit');
      expect(asked).toContain('/dashboard/approvals');
      const shopMail = await outbox.waitForMail(
        shop.email,
        new RegExp(`Quote accepted: order ${orderId}`),
      );
      expect(shopMail).toContain("awaiting the approval of the buyer's company");
      // Not payable while it waits; in the approvers' list.
      const early = await call(capped, 'POST', '/create-payment-intent', { orderId });
      expect(early.statusCode).toBe(409);
      const waiting = (await call(approver, 'GET', '/company/approvals')).json().data;
      expect(waiting.map((o: { _id: string }) => o._id)).toContain(orderId);
      // The buyer cannot approve their own order; the approver does.
      expect((await decide(capped, orderId, 'approve')).statusCode).toBe(403);
      const approved = await decide(approver, orderId, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({ status: 'unpaid', paymentTerms: 'card' });
      expect((await quoteOf(capped, id)).order).toMatchObject({ status: 'unpaid' });
      const intent = await call(capped, 'POST', '/create-payment-intent', { orderId });
      expect(intent.statusCode, intent.body).toBe(200);
    });

    it('above the limit, on account: the credit is held at once; approved, the order is pending with its invoice due in 30 days', async () => {
      const part = await createProduct(app, { availableQuantity: 500 });
      const before = await balanceOf(companyC);
      const id = await answeredFor(capped, [{ productId: part.id, quantity: 100 }], [2]);
      const res = await accept(capped, id, onAccount);
      expect(res.statusCode, res.body).toBe(200);
      const { orderId } = res.json().data;
      expect(await orderOf(capped, orderId)).toMatchObject({
        status: 'awaiting_approval',
        paymentTerms: 'account',
        poNumber: 'PO-77',
        invoiceNumber: null,
      });
      expect(await balanceOf(companyC)).toBe(before + 200);
      const approved = await decide(approver, orderId, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data).toMatchObject({
        status: 'pending',
        paid: false,
        dueOn: inDays(30),
        invoiceNumber: expect.any(String),
      });
      expect((await quoteOf(capped, id)).order).toEqual({
        status: 'pending',
        paymentTerms: 'account',
        invoiceNumber: approved.json().data.invoiceNumber,
        dueOn: inDays(30),
      });
      // Approving does not raise the balance twice.
      expect(await balanceOf(companyC)).toBe(before + 200);
    });

    it('rejected: the stock taken (not the back-ordered pieces) and the credit go back; the quote stays used', async () => {
      const scarce = await createProduct(app, { availableQuantity: 5, minimumOrderQuantity: 1 });
      const before = await balanceOf(companyC);
      const id = await answeredFor(capped, [{ productId: scarce.id, quantity: 12 }], [20]);
      const res = await accept(capped, id, onAccount);
      expect(res.statusCode, res.body).toBe(200);
      const { orderId } = res.json().data;
      expect(await stockOf(app, scarce.id)).toBe(0);
      expect(await balanceOf(companyC)).toBe(before + 240);
      const rejected = await decide(approver, orderId, 'reject', { reason: 'Too many this month' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json().data).toMatchObject({
        status: 'cancelled',
        rejectionReason: 'Too many this month',
      });
      expect(await stockOf(app, scarce.id)).toBe(5);
      expect(await balanceOf(companyC)).toBe(before);
      await outbox.waitForMail(capped.email, new RegExp(`Your order ${orderId} was not approved`));
      expect((await decide(approver, orderId, 'reject', { reason: 'Again' })).statusCode).toBe(409);
      expect((await accept(capped, id, onAccount)).statusCode).toBe(409);
    });

    it('withdrawn by the buyer, or run out: the stock and the credit go back, once', async () => {
      const part = await createProduct(app, { availableQuantity: 50, minimumOrderQuantity: 1 });
      const before = await balanceOf(companyC);
      const withdrawn = await answeredFor(capped, [{ productId: part.id, quantity: 30 }], [5]);
      const first = (await accept(capped, withdrawn, onAccount)).json().data.orderId;
      const expiring = await answeredFor(capped, [{ productId: part.id, quantity: 30 }], [5]);
      const second = (await accept(capped, expiring, onAccount)).json().data.orderId;
      // 30 taken, then the 20 left (10 back-ordered).
      expect(await stockOf(app, part.id)).toBe(0);
      expect(await balanceOf(companyC)).toBe(before + 300);
      const cancel = await call(capped, 'DELETE', `/myPurchase/${first}`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(await stockOf(app, part.id)).toBe(30);
      expect(await balanceOf(companyC)).toBe(before + 150);
      await app.db.execute(
        sql`update orders set approval_expires_at = now() - interval '1 minute' where id = ${second}`,
      );
      const swept = await Promise.all([expireApprovals(app.db), expireApprovals(app.db)]);
      expect(swept.flat().filter((o) => o._id === second)).toHaveLength(1);
      expect(await stockOf(app, part.id)).toBe(50);
      expect(await balanceOf(companyC)).toBe(before);
    });

    it('within the limit, on account: pending at once, invoiced and due after the terms; the buyer and the shop are told', async () => {
      const part = await createProduct(app, { availableQuantity: 500 });
      const before = await balanceOf(companyC);
      const id = await answeredFor(unlimited, [{ productId: part.id, quantity: 100 }], [3]);
      const res = await accept(unlimited, id, onAccount);
      expect(res.statusCode, res.body).toBe(200);
      const { orderId, quote } = res.json().data;
      const order = await orderOf(unlimited, orderId);
      expect(order).toMatchObject({
        status: 'pending',
        paid: false,
        paymentTerms: 'account',
        companyId: companyC,
        dueOn: inDays(30),
        approvalExpiresAt: null,
      });
      expect(order.invoiceNumber).toMatch(/\d/);
      expect(quote.order).toEqual({
        status: 'pending',
        paymentTerms: 'account',
        invoiceNumber: order.invoiceNumber,
        dueOn: inDays(30),
      });
      expect(res.json().message).toBe(
        quoteMessages.acceptedOnAccount(order.invoiceNumber, inDays(30)),
      );
      expect(await balanceOf(companyC)).toBe(before + 300);
      expect(await stockOf(app, part.id)).toBe(400);
      const mail = await outbox.waitForMail(
        unlimited.email,
        new RegExp(`Your quote became order ${orderId}`),
      );
      expect(mail).toContain(
        `It is invoiced on account (invoice ${order.invoiceNumber}, due ${inDays(30)})`,
      );
      expect(mail).not.toContain('/dashboard/payment/');
      const shopMail = await outbox.waitForMail(
        shop.email,
        new RegExp(`Quote accepted: order ${orderId}`),
      );
      expect(shopMail).toContain(`invoiced on account, due ${inDays(30)}`);
      // Not payable by card.
      expect(
        (await call(unlimited, 'POST', '/create-payment-intent', { orderId })).statusCode,
      ).toBe(409);
    });

    it('on account needs a PO number, and terms: without them 400, the quote still answered and nothing taken', async () => {
      const part = await createProduct(app, { availableQuantity: 100, minimumOrderQuantity: 1 });
      const noPo = await answeredFor(unlimited, [{ productId: part.id, quantity: 10 }], [2]);
      const { poNumber: _, ...withoutPo } = onAccount;
      const missing = await accept(unlimited, noPo, withoutPo);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('A PO number is required to pay on account');
      const junk = await accept(unlimited, noPo, { ...shipTo, paymentTerms: 'cheque' });
      expect(junk.statusCode).toBe(400);
      expect(junk.json().message).toContain('Payment must be card or account');
      // A company without terms (colleague's), and a buyer in no company.
      for (const who of [colleague, buyer]) {
        const id = await answeredFor(who, [{ productId: part.id, quantity: 10 }], [2]);
        const stock = await stockOf(app, part.id);
        const res = await accept(who, id, onAccount);
        expect([res.statusCode, res.json().message]).toEqual([400, companyMessages.noTerms]);
        expect((await quoteOf(who, id)).status).toBe('answered');
        expect(await ordersOf(id)).toBe(0);
        expect(await stockOf(app, part.id)).toBe(stock);
        // By card it still goes.
        expect((await accept(who, id)).statusCode).toBe(200);
      }
      expect((await quoteOf(unlimited, noPo)).status).toBe('answered');
    });

    it('over the credit: 409 with what is left, nothing taken, the balance and the quote unchanged', async () => {
      const part = await createProduct(app, { availableQuantity: 100, minimumOrderQuantity: 1 });
      const before = await balanceOf(companyC);
      const left = 1000 - before;
      // A cent a piece above what is left.
      const price = (Math.floor(Math.round(left * 100) / 10) + 1) / 100;
      const id = await answeredFor(unlimited, [{ productId: part.id, quantity: 10 }], [price]);
      const res = await accept(unlimited, id, onAccount);
      expect([res.statusCode, res.json().message]).toEqual([
        409,
        companyMessages.overCredit(formatPrice(left)),
      ]);
      expect(await balanceOf(companyC)).toBe(before);
      expect(await stockOf(app, part.id)).toBe(100);
      expect(await ordersOf(id)).toBe(0);
      expect((await quoteOf(unlimited, id)).status).toBe('answered');
      // Above the limit too: refused all the same (the credit is held while it waits).
      const cappedId = await answeredFor(capped, [{ productId: part.id, quantity: 10 }], [price]);
      expect((await accept(capped, cappedId, onAccount)).statusCode).toBe(409);
      expect(await stockOf(app, part.id)).toBe(100);
    });

    it('two accepts of one quote on account at once: one order, the credit raised once', async () => {
      const part = await createProduct(app, { availableQuantity: 100 });
      const before = await balanceOf(companyC);
      const id = await answeredFor(unlimited, [{ productId: part.id, quantity: 10 }], [4]);
      const answers = await Promise.all([
        accept(unlimited, id, onAccount),
        accept(unlimited, id, onAccount),
        accept(unlimited, id),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await ordersOf(id)).toBe(1);
      const [placed] = await rows<{ terms: string }>(
        sql`select payment_terms as terms from orders where quote_id = ${id}`,
      );
      expect(await balanceOf(companyC)).toBe(before + (placed?.terms === 'account' ? 40 : 0));
      expect(await stockOf(app, part.id)).toBe(90);
    });

    it('two quotes racing for the last of the credit: one is placed, the other refused and untouched', async () => {
      const part = await createProduct(app, { availableQuantity: 100 });
      const left = 1000 - (await balanceOf(companyC));
      // Each takes 60% of what is left: both fit alone, not together.
      const price = Math.floor((left * 0.6 * 100) / 10) / 100;
      const one = await answeredFor(unlimited, [{ productId: part.id, quantity: 10 }], [price]);
      const two = await answeredFor(unlimited, [{ productId: part.id, quantity: 10 }], [price]);
      const answers = await Promise.all([
        accept(unlimited, one, onAccount),
        accept(unlimited, two, onAccount),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await balanceOf(companyC)).toBeLessThanOrEqual(1000);
      expect(await stockOf(app, part.id)).toBe(90);
      const statuses = [
        (await quoteOf(unlimited, one)).status,
        (await quoteOf(unlimited, two)).status,
      ];
      expect(statuses.sort()).toEqual(['accepted', 'answered']);
    });
  });
});
