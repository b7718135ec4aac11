import { afterAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as, createProduct, payWithSandbox } from '../../../test/order-helpers.ts';
import { readPdf } from '../../../test/pdf-text.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';

/** Issue 37: an approved return's authorization as a PDF, mailed with the approval. */
describe('RMA PDF', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });
  const [buyer, stranger, admin] = await Promise.all([signUp(app), signUp(app), signUpAdmin(app)]);
  const get = (who: TestUser | null, url: string) =>
    app.inject({ url: `/api/v1${url}`, headers: who ? as(who) : {} });

  it('serves the RMA, its lines and the instructions to the buyer and admins, after approval only', async () => {
    const part = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 100 });
    await app.inject({
      method: 'PUT',
      url: `/api/v1/cart/lines/${part.id}`,
      headers: as(buyer),
      payload: { quantity: 10 },
    });
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: as(buyer),
      payload: { address: '1 Mill Road, Springfield', phone: '555 0100' },
    });
    const orderId = placed.json().data._id as string;
    expect((await payWithSandbox(app, buyer, orderId)).statusCode).toBe(200);
    await app.inject({
      method: 'POST',
      url: `/api/v1/manageOrder/${orderId}/shipments`,
      headers: as(admin),
      payload: {
        lines: [{ productId: part.id, quantity: 10 }],
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      },
    });
    const asked = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/returns`,
      headers: as(buyer),
      payload: { lines: [{ productId: part.id, quantity: 2, reason: 'did_not_fit' }] },
    });
    const id = asked.json().data.id as string;
    const url = `/returns/${id}/rma.pdf`;
    // Not approved yet: there is no authorization to print.
    expect((await get(buyer, url)).statusCode).toBe(404);
    const approved = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/returns/${id}/approve`,
      headers: as(admin),
    });
    const rma = approved.json().data.rmaNumber as string;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(stranger, url)).statusCode).toBe(404);
    expect((await get(admin, url)).statusCode).toBe(200);
    const pdf = await get(buyer, url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${rma}.pdf"`);
    const text = (await readPdf(pdf.rawPayload)).join('\n');
    expect(text).toContain(`Return authorization ${rma}`);
    expect(text).toContain(part.sku);
    expect(text).toContain('Did not fit');
    expect(text).toContain(`write ${rma} on the outside of the parcel`);
    expect(text).toContain(`Order: ${orderId}`);
    // The approval mail carries the same PDF.
    await outbox.waitForMail(buyer.email, new RegExp(rma));
    const raw = outbox.received.find((m) => m.to.includes(buyer.email) && m.raw.includes(rma));
    expect(raw?.raw).toMatch(/Content-Type: application\/pdf; name=RMA-\d{4}-\d{6}\.pdf/);
  });
});
