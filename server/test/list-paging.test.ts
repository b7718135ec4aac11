import { MAX_OFFSET } from '@proper-parts/domain/envelope';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from './auth-helper.ts';
import { buildTestApp } from './helper.ts';
import { as, createProduct, placeOrder } from './order-helpers.ts';

/**
 * Issue 15: every list took any offset up to 2⁵³ (a deep offset reads and drops every row
 * before it), and `limit[]=1&limit[]=2` passed as the default limit. Offsets are capped; a
 * cursor pages at any depth; a scalar parameter is taken once.
 */
describe('lists: offset cap, keyset cursors, one value per parameter', async () => {
  const app = await buildTestApp();
  const buyer = await signUp(app);
  const admin = await signUpAdmin(app);

  const lists = [
    { name: 'GET /tools', url: '/api/v1/tools', headers: {} },
    { name: 'GET /reviews', url: '/api/v1/reviews', headers: {} },
    {
      name: 'GET /purchase/{email}',
      url: `/api/v1/purchase/${encodeURIComponent(buyer.email)}`,
      headers: as(buyer),
    },
    { name: 'GET /manageOrder', url: '/api/v1/manageOrder', headers: as(admin) },
    { name: 'GET /user', url: '/api/v1/user', headers: as(admin) },
    { name: 'GET /quotes', url: '/api/v1/quotes', headers: as(buyer) },
    { name: 'GET /admin/quotes', url: '/api/v1/admin/quotes', headers: as(admin) },
    { name: 'GET /returns', url: '/api/v1/returns', headers: as(buyer) },
    { name: 'GET /admin/returns', url: '/api/v1/admin/returns', headers: as(admin) },
  ];

  it.each(lists)(
    '$name: an offset past the cap is a 400 that says to use the cursor',
    async (list) => {
      const ok = await app.inject({
        url: `${list.url}?offset=${MAX_OFFSET}`,
        headers: list.headers,
      });
      expect(ok.statusCode).toBe(200);
      const past = await app.inject({
        url: `${list.url}?offset=${MAX_OFFSET + 1}`,
        headers: list.headers,
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({
        success: false,
        message: expect.stringMatching(/^offset: .*10000.*cursor/),
      });
      const huge = await app.inject({
        url: `${list.url}?offset=9007199254740991`,
        headers: list.headers,
      });
      expect(huge.statusCode).toBe(400);
    },
  );

  it.each(lists)(
    '$name: a parameter given twice or as a list is refused, naming it',
    async (list) => {
      for (const query of [
        'limit[]=1&limit[]=2',
        'limit=1&limit=2',
        'offset=0&offset=1',
        'limit[0]=3',
      ]) {
        const res = await app.inject({ url: `${list.url}?${query}`, headers: list.headers });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().message, query).toMatch(/^(limit|offset)/);
      }
    },
  );

  it.each(lists)('$name: a cursor that this list did not give is a 400', async (list) => {
    for (const cursor of [
      'nope',
      Buffer.from('["x","y"]').toString('base64url'),
      Buffer.from('["1","not-a-uuid\'"]').toString('base64url'),
      'A'.repeat(201),
    ]) {
      const res = await app.inject({
        url: `${list.url}?cursor=${encodeURIComponent(cursor)}`,
        headers: list.headers,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message).toMatch(/^cursor/);
    }
  });

  it('pages the catalog by cursor with no duplicate and no gap while products come and go', async () => {
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push((await createProduct(app, { name: `Paged ${i}` })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const url: string = `/api/v1/tools?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: { _id: string }[]; nextCursor: string | null };
      seen.push(...body.data.map((t) => t._id));
      cursor = body.nextCursor;
      page += 1;
      // Between pages: a new product (newer than the cursor: not on the later pages) and a
      // deletion of one not yet seen (it must not leave a gap or shift a row onto two pages).
      if (page === 1) {
        await createProduct(app, { name: 'Added between pages' });
        const notYetSeen = made.find((id) => !seen.includes(id) && id !== made[0]);
        await app.inject({
          method: 'DELETE',
          url: `/api/v1/tools/${notYetSeen}`,
          headers: as(admin),
        });
        made.splice(made.indexOf(notYetSeen as string), 1);
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of made) expect(seen).toContain(id);
    expect(page).toBeGreaterThan(3);
  });

  it("pages a buyer's orders by cursor to the end, where nextCursor is null", async () => {
    const product = await createProduct(app, { minimumOrderQuantity: 1, availableQuantity: 100 });
    const placed: string[] = [];
    for (let i = 0; i < 5; i++)
      placed.push(await placeOrder(app, buyer, { toolId: product.id, quantity: 1 }));
    const url = `/api/v1/purchase/${encodeURIComponent(buyer.email)}?limit=2`;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await app.inject({
        url: cursor ? `${url}&cursor=${cursor}` : url,
        headers: as(buyer),
      });
      const body = res.json() as { data: { _id: string }[]; nextCursor: string | null };
      seen.push(...body.data.map((o) => o._id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...placed].reverse());
  });
});
