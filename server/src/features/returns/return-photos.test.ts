import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { imageUpload, solidImage } from '../../../test/image-fixtures.ts';
import { as, createProduct, payWithSandbox } from '../../../test/order-helpers.ts';
import { localImageStorage } from '../uploads/image-storage.ts';
import { deleteUnattachedPhotosBatch } from './return-photos.ts';

/**
 * Issue 37: a return request carries photos uploaded through the upload path, stored apart from
 * the product images; only the return's readers (the buyer's side) and shop admins read them.
 */
describe('return photos', async () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'pp-return-photos-'));
  const app = await buildTestApp({}, { uploadsDir });
  const [buyer, stranger, admin] = await Promise.all([signUp(app), signUp(app), signUpAdmin(app)]);

  const upload = async (who: TestUser) => {
    const form = imageUpload(await solidImage('png', 320, 240), 'box.png', 'image/png');
    return app.inject({
      method: 'POST',
      url: '/api/v1/returns/photos',
      headers: { ...form.headers, ...as(who) },
      payload: form.payload,
    });
  };
  /** A paid card order of the buyer's, one piece shipped. */
  const shipped = async () => {
    const part = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 10 });
    await app.inject({
      method: 'PUT',
      url: `/api/v1/cart/lines/${part.id}`,
      headers: as(buyer),
      payload: { quantity: 1 },
    });
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: as(buyer),
      payload: { address: '1 Mill Road, Springfield', phone: '555 0100' },
    });
    const orderId = placed.json().data._id as string;
    await payWithSandbox(app, buyer, orderId);
    await app.inject({
      method: 'POST',
      url: `/api/v1/manageOrder/${orderId}/shipments`,
      headers: as(admin),
      payload: {
        lines: [{ productId: part.id, quantity: 1 }],
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      },
    });
    return { orderId, productId: part.id };
  };
  const ask = (orderId: string, productId: string, photos: string[]) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/orders/${orderId}/returns`,
      headers: as(buyer),
      payload: { lines: [{ productId, quantity: 1, reason: 'damaged' }], photos },
    });

  it('a return shows its photos to the buyer and shop admins only; never under /uploads', async () => {
    const first = await upload(buyer);
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload(buyer);
    const names = [first.json().data.name, second.json().data.name] as string[];
    // Stored apart: not beside the product images, which /uploads/<name> serves to anyone.
    expect(readdirSync(join(uploadsDir, 'returns')).filter((f) => !f.startsWith('.'))).toEqual(
      expect.arrayContaining(names),
    );
    expect((await app.inject({ url: `/uploads/${names[0]}` })).statusCode).toBe(404);

    const { orderId, productId } = await shipped();
    const asked = await ask(orderId, productId, names);
    expect(asked.statusCode, asked.body).toBe(200);
    const { id, photos } = asked.json().data as { id: string; photos: string[] };
    expect(photos).toHaveLength(2);
    for (const url of photos) expect(url).toMatch(new RegExp(`^/api/v1/returns/${id}/photos/`));

    const listed = await app.inject({ url: '/api/v1/admin/returns', headers: as(admin) });
    expect(listed.json().data.find((r: { id: string }) => r.id === id).photos).toEqual(photos);

    const url = photos[0] as string;
    const byBuyer = await app.inject({ url, headers: as(buyer) });
    expect(byBuyer.statusCode).toBe(200);
    expect(byBuyer.headers['content-type']).toBe('image/webp');
    expect(byBuyer.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(byBuyer.rawPayload).metadata()).width).toBe(320);
    expect((await app.inject({ url, headers: as(admin) })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: as(stranger) })).statusCode).toBe(404);
    expect((await app.inject({ url })).statusCode).toBe(401);
    // A photo of another return is not found under this one.
    const other = await upload(buyer);
    const again = await shipped();
    const otherReturn = await ask(again.orderId, again.productId, [other.json().data.name]);
    expect(
      (
        await app.inject({
          url: `/api/v1/returns/${id}/photos/${other.json().data.name}`,
          headers: as(buyer),
        })
      ).statusCode,
    ).toBe(404);
    expect(otherReturn.statusCode).toBe(200);
  });

  it("refuses another's photo, or one already on a return, and makes no return", async () => {
    const theirs = (await upload(stranger)).json().data.name as string;
    const { orderId, productId } = await shipped();
    const refused = await ask(orderId, productId, [theirs]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^photos: /);
    const mine = (await upload(buyer)).json().data.name as string;
    expect((await ask(orderId, productId, [mine])).statusCode).toBe(200);
    const second = await shipped();
    expect((await ask(second.orderId, second.productId, [mine])).statusCode).toBe(422);
    const mine2 = await app.inject({ url: '/api/v1/returns', headers: as(buyer) });
    expect(
      mine2.json().data.filter((r: { orderId: string }) => r.orderId === second.orderId),
    ).toEqual([]);
  });

  it('deletes a photo no return named within a day, row and file; keeps the rest', async () => {
    const files = () => readdirSync(join(uploadsDir, 'returns'));
    const stale = (await upload(buyer)).json().data.name as string;
    const fresh = (await upload(buyer)).json().data.name as string;
    const kept = (await upload(buyer)).json().data.name as string;
    const { orderId, productId } = await shipped();
    expect((await ask(orderId, productId, [kept])).statusCode).toBe(200);
    await app.db.execute(
      sql`update return_photos set created_at = now() - interval '25 hours'
        where name in (${stale}, ${kept})`,
    );
    const storage = localImageStorage(join(uploadsDir, 'returns'));
    expect(await deleteUnattachedPhotosBatch(app.db, storage)).toBe(1);
    expect(files()).not.toContain(stale);
    expect(files()).toEqual(expect.arrayContaining([fresh, kept]));
    const rows = await app.db.execute(sql`select name from return_photos`);
    const names = (rows.rows as { name: string }[]).map((r) => r.name);
    expect(names).not.toContain(stale);
    expect(names).toEqual(expect.arrayContaining([fresh, kept]));
    // A second sweep finds nothing more.
    expect(await deleteUnattachedPhotosBatch(app.db, storage)).toBe(0);
  });

  it('refuses a file that is not an image, as the product upload does', async () => {
    const form = imageUpload(Buffer.from('not an image'), 'box.png', 'image/png');
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/returns/photos',
      headers: { ...form.headers, ...as(buyer) },
      payload: form.payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().success).toBe(false);
  });
});
