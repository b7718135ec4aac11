import { orderMessages } from '@proper-parts/domain/orders';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp, changesSettled } from '../../../test/helper.ts';
import {
  as,
  createProduct,
  payWithSandbox,
  placeOrder,
  stockOf,
} from '../../../test/order-helpers.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { orders, products } from '../../db/schema.ts';

describe('orders: POST /purchase, my orders, cancel, Manage All Orders', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const buyer = await signUp(app, { name: 'Bea Buyer' });
  const other = await signUp(app, { name: 'Olaf Other' });
  const admin = await signUpAdmin(app);

  const purchase = (who: { cookie: string }, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/purchase', headers: as(who), payload });
  const orderRow = async (id: string) =>
    (await app.db.select().from(orders).where(eq(orders.id, id)))[0];

  describe('POST /purchase', () => {
    it('refuses a product an admin deleted, and takes none of its stock', async () => {
      const product = await createProduct(app, { availableQuantity: 50, minimumOrderQuantity: 1 });
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/tools/${product.id}`,
        headers: as(admin),
      });
      expect(deleted.json().data).toEqual({ deletedCount: 1 });
      const res = await purchase(buyer, { toolId: product.id, quantity: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
      expect(await stockOf(app, product.id)).toBe(50);
    });

    it('takes the stock, prices it from the product and names the buyer from the session', async () => {
      const product = await createProduct(app, { priceCents: 1250, availableQuantity: 100 });
      const res = await purchase(buyer, {
        toolId: product.id,
        quantity: 12,
        address: ' 1 Main St, Peru IL ',
        phone: '+1 555 0100',
      });
      expect(res.statusCode).toBe(200);
      const { insertedId } = res.json().data;
      expect(res.json().message).toBe(`Thanks For Purchase. Your Purchase Id ${insertedId}`);
      expect(await stockOf(app, product.id)).toBe(88);
      const got = await app.inject({ url: `/api/v1/myPurchase/${insertedId}`, headers: as(buyer) });
      expect(got.json().data).toEqual({
        _id: insertedId,
        toolId: product.id,
        purchaseName: product.name,
        quantity: 12,
        unitPrice: 12.5,
        price: 150,
        img: product.img,
        userName: 'Bea Buyer',
        email: buyer.email,
        address: '1 Main St, Peru IL',
        phone: '+1 555 0100',
        status: 'unpaid',
        paid: false,
        transactionId: null,
        createdAt: expect.any(String),
        // Issue 18: a spec order is an order of one line.
        lines: [
          {
            lineNo: 1,
            productId: product.id,
            sku: expect.any(String),
            name: product.name,
            img: product.img,
            quantity: 12,
            unitPrice: 12.5,
            lineTotal: 150,
            tax: 0,
            // Issue 35: a customer in no company has no number of their own for the part.
            customerPartNumber: null,
          },
        ],
        poNumber: null,
        note: null,
        invoiceNumber: null,
        // Issue 19: a customer outside any company pays by card, with no approval.
        companyId: null,
        paymentTerms: 'card',
        approvalExpiresAt: null,
        rejectionReason: null,
        dueOn: null,
        quoteId: null,
        // Issue 33: the spec's purchase keeps its one-line address: no freight or tax is priced.
        subtotal: 150,
        deposits: 0,
        freight: 0,
        taxes: [],
        tax: 0,
        total: 150,
        taxNote: null,
        shipTo: null,
        shippingMethod: null,
        shippingMethodName: null,
      });
    });

    it('ignores a price, name, image, email or paid flag in the body (a tampered client changes nothing)', async () => {
      const product = await createProduct(app, { priceCents: 999_00 });
      const id = await placeOrder(app, buyer, {
        toolId: product.id,
        quantity: 10,
        price: 0.01,
        unitPrice: 0.01,
        purchaseName: 'Free stuff',
        img: 'https://evil.example/x.png',
        userName: 'Someone Else',
        email: other.email,
        paid: true,
        status: 'shipped',
        transactionId: 'pi_fake',
      });
      const row = await orderRow(id);
      expect(row).toMatchObject({
        totalCents: 999_000,
        unitPriceCents: 999_00,
        purchaseName: product.name,
        img: product.img,
        email: buyer.email,
        userName: 'Bea Buyer',
        paid: false,
        status: 'unpaid',
        transactionId: null,
      });
    });

    it('keeps its snapshot when the product later changes', async () => {
      const product = await createProduct(app, { priceCents: 500 });
      const id = await placeOrder(app, buyer, { toolId: product.id, quantity: 10 });
      await app.db
        .update(products)
        .set({ name: 'Renamed', priceCents: 9999, img: '/other.svg' })
        .where(eq(products.id, product.id));
      const got = await app.inject({ url: `/api/v1/myPurchase/${id}`, headers: as(buyer) });
      expect(got.json().data).toMatchObject({
        purchaseName: product.name,
        unitPrice: 5,
        price: 50,
        img: product.img,
      });
    });

    it('allows exactly the available quantity, leaving 0', async () => {
      const product = await createProduct(app, { minimumOrderQuantity: 5, availableQuantity: 7 });
      await placeOrder(app, buyer, { toolId: product.id, quantity: 7 });
      expect(await stockOf(app, product.id)).toBe(0);
    });

    it.each([
      [{}, 'quantity: Quantity is Required'],
      [{ quantity: null }, 'quantity: Quantity is Required'],
      [{ quantity: 2.5 }, 'quantity: Quantity must be a whole number'],
      [{ quantity: '12' }, 'quantity: Quantity must be a whole number'],
      [{ quantity: 0 }, 'quantity: Quantity must be at least 1'],
      [{ quantity: -5 }, 'quantity: Quantity must be at least 1'],
      [{ quantity: 1e12 }, 'quantity: Quantity must be at most 1000000'],
    ])('refuses %j with 400 "%s" and takes no stock', async (body, message) => {
      const product = await createProduct(app, { availableQuantity: 50 });
      const res = await purchase(buyer, { toolId: product.id, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
      expect(await stockOf(app, product.id)).toBe(50);
    });

    it('refuses below the minimum with the spec message (400) and above the stock with 409', async () => {
      const product = await createProduct(app, { minimumOrderQuantity: 10, availableQuantity: 30 });
      const below = await purchase(buyer, { toolId: product.id, quantity: 9 });
      expect(below.statusCode).toBe(400);
      expect(below.json().message).toBe('Order Quantity minimum 10 and less than 30');
      const above = await purchase(buyer, { toolId: product.id, quantity: 31 });
      expect(above.statusCode).toBe(409);
      expect(above.json().message).toContain('only 30 pcs are left now');
      expect(above.json().message).toContain('Order Quantity minimum 10 and less than 30');
      expect(await stockOf(app, product.id)).toBe(30);
    });

    it('says plainly when the stock left is below the minimum order', async () => {
      const product = await createProduct(app, { minimumOrderQuantity: 10, availableQuantity: 4 });
      const res = await purchase(buyer, { toolId: product.id, quantity: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(orderMessages.outOfStock(product.name, 4));
    });

    it('takes orders whose total runs past 32 bits of cents ($21.4M)', async () => {
      const product = await createProduct(app, {
        priceCents: 100_000,
        minimumOrderQuantity: 20_000,
        availableQuantity: 50_000,
      });
      const id = await placeOrder(app, buyer, { toolId: product.id, quantity: 50_000 });
      const got = await app.inject({ url: `/api/v1/myPurchase/${id}`, headers: as(buyer) });
      expect(got.json().data).toMatchObject({ price: 50_000_000, unitPrice: 1000 });
      expect((await orderRow(id))?.totalCents).toBe(5_000_000_000);
      expect(await stockOf(app, product.id)).toBe(0);
    });

    it('answers 404 for an unknown product, 400 for a malformed id', async () => {
      const unknown = await purchase(buyer, {
        toolId: '00000000-0000-4000-8000-000000000000',
        quantity: 1,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Product not found');
      const malformed = await purchase(buyer, { toolId: 'abc', quantity: 1 });
      expect(malformed.json()).toEqual({ success: false, message: 'toolId: Unknown product id' });
    });

    it('is for customers: a visitor gets 401, an admin 403', async () => {
      const product = await createProduct(app);
      expect(
        (await purchase({ cookie: '' }, { toolId: product.id, quantity: 10 })).statusCode,
      ).toBe(401);
      const byAdmin = await purchase(admin, { toolId: product.id, quantity: 10 });
      expect(byAdmin.statusCode).toBe(403);
      expect(await stockOf(app, product.id)).toBe(100);
    });

    it('mails the buyer a confirmation with the order id, product, quantity and total', async () => {
      const product = await createProduct(app, { name: 'Mailed Gear', priceCents: 2000 });
      const id = await placeOrder(app, buyer, { toolId: product.id, quantity: 15 });
      const mail = await outbox.waitForMail(buyer.email, new RegExp(id));
      expect(mail).toContain('Mailed Gear');
      expect(mail).toContain('Quantity: 15 pcs');
      expect(mail).toContain('Total: $300');
    });

    it('writes quantities and amounts one way: thousands separators in messages and mails', async () => {
      const product = await createProduct(app, {
        name: 'Bulk Washer',
        priceCents: 125,
        minimumOrderQuantity: 45_000,
        availableQuantity: 1_200_000,
      });
      const below = await purchase(buyer, { toolId: product.id, quantity: 44_999 });
      expect(below.json().message).toBe('Order Quantity minimum 45,000 and less than 1,200,000');
      const id = await placeOrder(app, buyer, { toolId: product.id, quantity: 50_000 });
      const mail = await outbox.waitForMail(buyer.email, new RegExp(id));
      expect(mail).toContain('Quantity: 50,000 pcs at $1.25');
      expect(mail).toContain('Total: $62,500');
    });
  });

  describe('my orders', async () => {
    const shopper = await signUp(app);
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 1000 });
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++)
      ids.push(await placeOrder(app, shopper, { toolId: product.id, quantity: i }));

    it('GET /purchase/{own email}: newest first, paginated', async () => {
      const first = await app.inject({
        url: `/api/v1/purchase/${shopper.email}?limit=3`,
        headers: as(shopper),
      });
      expect(first.statusCode).toBe(200);
      expect(first.json().data.map((o: { _id: string }) => o._id)).toEqual(ids.slice(2).reverse());
      const rest = await app.inject({
        url: `/api/v1/purchase/${shopper.email}?limit=3&offset=3`,
        headers: as(shopper),
      });
      expect(rest.json().data.map((o: { _id: string }) => o._id)).toEqual(
        ids.slice(0, 2).reverse(),
      );
    });

    it("another customer's list is 403, even for an admin; a visitor gets 401", async () => {
      for (const who of [other, admin]) {
        const res = await app.inject({
          url: `/api/v1/purchase/${shopper.email}`,
          headers: as(who),
        });
        expect(res.statusCode).toBe(403);
      }
      expect((await app.inject({ url: `/api/v1/purchase/${shopper.email}` })).statusCode).toBe(401);
    });

    it('GET /myPurchase/{id}: the owner and admins; another customer 403; unknown 404', async () => {
      const id = ids[0];
      expect(
        (await app.inject({ url: `/api/v1/myPurchase/${id}`, headers: as(shopper) })).statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ url: `/api/v1/myPurchase/${id}`, headers: as(admin) })).statusCode,
      ).toBe(200);
      const foreign = await app.inject({ url: `/api/v1/myPurchase/${id}`, headers: as(other) });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().data).toBeUndefined();
      const unknown = await app.inject({
        url: '/api/v1/myPurchase/00000000-0000-4000-8000-000000000000',
        headers: as(shopper),
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('cancel: deletedCount 1, the spec toast text, status cancelled, off the list, stock back', async () => {
      const id = ids[4] as string;
      const before = await stockOf(app, product.id);
      const foreign = await app.inject({
        method: 'DELETE',
        url: `/api/v1/myPurchase/${id}`,
        headers: as(other),
      });
      expect(foreign.statusCode).toBe(403);
      expect((await orderRow(id))?.status).toBe('unpaid');

      const res = await app.inject({
        method: 'DELETE',
        url: `/api/v1/myPurchase/${id}`,
        headers: as(shopper),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: { deletedCount: 1 },
        message: `${product.name} - order is deleted.`,
      });
      expect((await orderRow(id))?.status).toBe('cancelled');
      expect(await stockOf(app, product.id)).toBe(before + 5);
      const list = await app.inject({
        url: `/api/v1/purchase/${shopper.email}`,
        headers: as(shopper),
      });
      expect(list.json().data.map((o: { _id: string }) => o._id)).not.toContain(id);

      const again = await app.inject({
        method: 'DELETE',
        url: `/api/v1/myPurchase/${id}`,
        headers: as(shopper),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(orderMessages.alreadyCancelled);
      expect(await stockOf(app, product.id)).toBe(before + 5);
    });

    it('a paid order cannot be cancelled', async () => {
      const id = ids[3] as string;
      expect((await payWithSandbox(app, shopper, id)).statusCode).toBe(200);
      const before = await stockOf(app, product.id);
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/v1/myPurchase/${id}`,
        headers: as(shopper),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(orderMessages.paidNotDeletable);
      expect((await orderRow(id))?.status).toBe('pending');
      expect(await stockOf(app, product.id)).toBe(before);
    });
  });

  describe('Manage All Orders (admin)', async () => {
    const customer = await signUp(app);
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 100 });
    const unpaid = await placeOrder(app, customer, { toolId: product.id, quantity: 3 });
    const paid = await placeOrder(app, customer, { toolId: product.id, quantity: 4 });
    await payWithSandbox(app, customer, paid);
    const manage = (method: 'PATCH' | 'DELETE', id: string, who = admin) =>
      app.inject({ method, url: `/api/v1/manageOrder/${id}`, headers: as(who) });

    it('lists every customer’s orders, newest first, filtered by status', async () => {
      const all = await app.inject({ url: '/api/v1/manageOrder?limit=100', headers: as(admin) });
      const ids = all.json().data.map((o: { _id: string }) => o._id);
      expect(ids.indexOf(paid)).toBeLessThan(ids.indexOf(unpaid));
      const pending = await app.inject({
        url: '/api/v1/manageOrder?status=pending&limit=100',
        headers: as(admin),
      });
      const statuses = new Set(pending.json().data.map((o: { status: string }) => o.status));
      expect([...statuses]).toEqual(['pending']);
      expect(pending.json().data.map((o: { _id: string }) => o._id)).toContain(paid);
      const bad = await app.inject({ url: '/api/v1/manageOrder?status=lost', headers: as(admin) });
      expect(bad.statusCode).toBe(400);
    });

    it('non-admins get 403 on every manageOrder call, and nothing changes', async () => {
      expect(
        (await app.inject({ url: '/api/v1/manageOrder', headers: as(customer) })).statusCode,
      ).toBe(403);
      expect((await manage('PATCH', paid, customer)).statusCode).toBe(403);
      expect((await manage('DELETE', unpaid, customer)).statusCode).toBe(403);
      expect((await orderRow(paid))?.status).toBe('pending');
      expect((await orderRow(unpaid))?.status).toBe('unpaid');
    });

    it('ships a pending order (acknowledged, "Order Shipped"); shipping again or an unpaid order is 409', async () => {
      expect((await manage('PATCH', unpaid)).json()).toEqual({
        success: false,
        message: orderMessages.notPaidYet,
      });
      const res = await manage('PATCH', paid);
      expect(res.json()).toEqual({
        success: true,
        data: { acknowledged: true },
        message: 'Order Shipped',
      });
      expect((await orderRow(paid))?.status).toBe('shipped');
      const again = await manage('PATCH', paid);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(orderMessages.alreadyShipped);
      // The buyer hears it once, however often the admin presses Ship.
      const shippedMail = await outbox.waitForMail(customer.email, /has shipped/);
      expect(shippedMail).toContain(`Subject: Your order ${paid} has shipped`);
      expect(shippedMail).toContain('Quantity: 4 pcs');
      await changesSettled(app);
      const shippedMails = outbox.received.filter(
        (m) => m.to.includes(customer.email) && /has shipped/.test(m.raw),
      );
      expect(shippedMails).toHaveLength(1);
    });

    it('refuses to delete a paid order', async () => {
      const res = await manage('DELETE', paid);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(orderMessages.paidNotDeletable);
      expect((await orderRow(paid))?.status).toBe('shipped');
    });

    it('deletes an unpaid order: deletedCount 1, "{name} - Order is deleted.", stock back', async () => {
      const before = await stockOf(app, product.id);
      const res = await manage('DELETE', unpaid);
      expect(res.json()).toEqual({
        success: true,
        data: { deletedCount: 1 },
        message: `${product.name} - Order is deleted.`,
      });
      expect(await stockOf(app, product.id)).toBe(before + 3);
      expect((await manage('DELETE', unpaid)).statusCode).toBe(409);
      expect(await stockOf(app, product.id)).toBe(before + 3);
      const unknown = await manage('DELETE', '00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
    });
  });
});
