import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp, changesSettled } from '../../../test/helper.ts';
import { buildPriceListShop } from '../price-lists/price-list-fixture.ts';

/**
 * Issue 35, decision 039: a company limited to some categories and/or brands. Its members' search,
 * product pages, brands, categories and quick order show only that part of the catalog, and the
 * cart, checkout and `/purchase` refuse the rest; another company's buyer and a visitor asking the
 * same URLs, interleaved, keep the whole catalog. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('restricted catalogs', async () => {
  const app = await buildTestApp();
  const shop = await buildPriceListShop(app, 'rc');
  const p = shop.products;
  const as = (user: TestUser | null) => (user ? { cookie: user.cookie } : {});
  const call = (
    user: TestUser | null,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ) => app.inject({ method, url: `/api/v1${url}`, headers: as(user), payload });
  const limit = (companyId: string, body: { categories: string[]; brands: string[] }) =>
    call(shop.admin, 'PUT', `/admin/companies/${companyId}/catalog`, body);

  // A company admin of A, to show they cannot change their own limit.
  const companyAdmin = await signUp(app, { email: 'rc-company-admin@example.com' });
  await app.db.execute(sql`insert into company_members (user_id, company_id, role)
    select id, ${shop.companyA}, 'admin' from "user" where email = ${companyAdmin.email}`);

  it('is set by a shop admin only, by slug; an unknown slug is refused by name', async () => {
    const body = { categories: [shop.topSlug], brands: [] };
    expect(
      (await call(null, 'PUT', `/admin/companies/${shop.companyA}/catalog`, body)).statusCode,
    ).toBe(401);
    for (const user of [companyAdmin, shop.buyerA])
      expect(
        (await call(user, 'PUT', `/admin/companies/${shop.companyA}/catalog`, body)).statusCode,
      ).toBe(403);
    const unknown = await limit(shop.companyA, { categories: ['no-such-category'], brands: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(companyCatalogMessages.unknownCategory('no-such-category'));
    const saved = await limit(shop.companyA, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      restricted: true,
      categories: [{ slug: shop.topSlug }],
      brands: [],
    });
    const read = await call(shop.admin, 'GET', `/admin/companies/${shop.companyA}/catalog`);
    expect(read.json().data.categories).toEqual([{ slug: shop.topSlug, name: 'top' }]);
    // Its members read it (to know why parts are missing); B's is the whole catalog.
    const mine = await call(shop.buyerA, 'GET', '/company/catalog');
    expect(mine.json().data).toMatchObject({
      restricted: true,
      categories: [{ slug: shop.topSlug }],
    });
    expect((await call(shop.buyerB, 'GET', '/company/catalog')).json().data.restricted).toBe(false);
    const [audit] = (
      await app.db.execute<{ summary: string }>(
        sql`select summary from audit_log where action = 'company.catalog' order by id desc limit 1`,
      )
    ).rows;
    expect(audit?.summary).toContain('catalog limited to categories top');
    await changesSettled(app);
  });

  const skusIn = (body: string) =>
    (JSON.parse(body).data.items as { sku: string }[]).map((item) => item.sku).sort();
  const all = Object.values(p)
    .map((product) => product.sku)
    .sort();
  // "top" and the categories below it: net and specific (grandchild), nested (child).
  const inTop = [p.net.sku, p.specific.sku, p.nested.sku].sort();

  it('search, product, brands and categories: A sees its part, B and a visitor all, interleaved', async () => {
    const urls = {
      search: `/catalog/search?q=${encodeURIComponent('Contract part')}&limit=50`,
      hidden: `/catalog/products/${p.branded.slug}`,
      shown: `/catalog/products/${p.net.slug}`,
      brands: '/catalog/brands',
      categories: '/catalog/categories',
    };
    const callers: [string, TestUser | null][] = [
      ['visitor', null],
      ['buyerA', shop.buyerA],
      ['buyerB', shop.buyerB],
    ];
    const problems: string[] = [];
    for (let round = 0; round < 3; round += 1)
      for (const [what, url] of Object.entries(urls))
        for (const [name, user] of round % 2 ? [...callers].reverse() : callers) {
          const res = await call(user, 'GET', url);
          const say = (problem: string) =>
            problems.push(`round ${round} ${what} as ${name}: ${problem}`);
          const limited = name === 'buyerA';
          if (what === 'search') {
            const skus = skusIn(res.body);
            if (JSON.stringify(skus) !== JSON.stringify(limited ? inTop : all)) say(skus.join(' '));
          } else if (what === 'hidden') {
            if (res.statusCode !== (limited ? 404 : 200)) say(`status ${res.statusCode}`);
            if (limited && res.json().message !== companyCatalogMessages.productNotInCatalog)
              say(res.body);
          } else if (what === 'shown') {
            if (res.statusCode !== 200) say(`status ${res.statusCode}`);
          } else if (what === 'brands') {
            // The brand's products outside "top" are not counted for A.
            const brand = res.json().data.find((b: { slug: string }) => b.slug === shop.brandSlug);
            if (brand?.count !== (limited ? 2 : 3)) say(`brand count ${brand?.count}`);
          } else {
            const slugs = JSON.stringify(res.json().data);
            if (limited === slugs.includes('"other-rc"')) say(`categories ${slugs}`);
            if (!slugs.includes(`"${shop.topSlug}"`)) say('top missing');
          }
          if (user && res.headers['cache-control'] !== 'private, no-store') say('cacheable');
        }
    expect(problems).toEqual([]);
  });

  it('a limit by brand too: both must hold', async () => {
    await limit(shop.companyA, { categories: [shop.topSlug], brands: [shop.brandSlug] });
    const res = await call(shop.buyerA, 'GET', '/catalog/search?q=Contract%20part&limit=50');
    expect(skusIn(res.body)).toEqual([p.net.sku, p.specific.sku].sort());
    // Filtering by a hidden category finds nothing for A, all of it for B.
    const other = '/catalog/search?category=other-rc';
    expect(skusIn((await call(shop.buyerA, 'GET', other)).body)).toEqual([]);
    expect(skusIn((await call(shop.buyerB, 'GET', other)).body)).toEqual([p.branded.sku]);
    await limit(shop.companyA, { categories: [shop.topSlug], brands: [] });
  });

  it('quick order: a part outside the catalog is not_in_catalog and not added', async () => {
    const text = `${p.branded.sku} 2\n${p.net.sku} 2`;
    const res = await call(shop.buyerA, 'POST', '/cart/quick-order', { text });
    const [branded, net] = res.json().data.lines;
    expect(branded).toMatchObject({
      status: 'not_in_catalog',
      message: companyCatalogMessages.quickOrderLine,
      sku: p.branded.sku,
    });
    expect(net.status).toBe('ok');
    const forB = await call(shop.buyerB, 'POST', '/cart/quick-order', { text });
    expect(forB.json().data.lines.map((l: { status: string }) => l.status)).toEqual(['ok', 'ok']);
  });

  it('cart: adding a part outside the catalog is refused (403) naming it; B may', async () => {
    const refused = await call(shop.buyerA, 'PUT', `/cart/lines/${p.branded.id}`, { quantity: 2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      companyCatalogMessages.notInCatalog(p.branded.name, p.branded.sku),
    );
    expect(
      (await call(shop.buyerA, 'PUT', `/cart/lines/${p.net.id}`, { quantity: 2 })).statusCode,
    ).toBe(200);
    expect(
      (await call(shop.buyerB, 'PUT', `/cart/lines/${p.branded.id}`, { quantity: 2 })).statusCode,
    ).toBe(200);
  });

  it("a visitor's cart merged at sign-in leaves the part out; a saved list naming it is refused", async () => {
    const merged = await call(shop.buyerA, 'POST', '/cart/merge', {
      lines: [
        { productId: p.branded.id, quantity: 1 },
        { productId: p.nested.id, quantity: 1 },
      ],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const skus = merged.json().data.lines.map((line: { sku: string }) => line.sku);
    expect(skus).toContain(p.nested.sku);
    expect(skus).not.toContain(p.branded.sku);
    // B saves a list with the part; A's own list naming it (saved before the limit) is refused.
    await app.db.execute(sql`insert into saved_lists (id, user_id, name)
      values ('00000000-0000-4000-8000-0000000000a1', ${shop.buyerAId}, 'Before the limit')`);
    await app.db.execute(sql`insert into saved_list_lines (list_id, product_id, quantity)
      values ('00000000-0000-4000-8000-0000000000a1', ${p.branded.id}, 2)`);
    const added = await call(
      shop.buyerA,
      'POST',
      '/lists/00000000-0000-4000-8000-0000000000a1/add-to-cart',
    );
    expect(added.statusCode).toBe(403);
    expect(added.json().message).toBe(
      companyCatalogMessages.notInCatalog(p.branded.name, p.branded.sku),
    );
  });

  const checkout = (user: TestUser) =>
    call(user, 'POST', '/orders', { address: '1 Mill Rd, Peoria IL', phone: '+1 309 555 0100' });

  it('checkout: a line put in the cart before the limit is shown and refused (403); B checks out', async () => {
    // In A's cart before the limit (written as an older cart would hold it).
    await app.db.execute(sql`insert into cart_lines (user_id, product_id, quantity)
      values (${shop.buyerAId}, ${p.branded.id}, 2)`);
    const cart = await call(shop.buyerA, 'GET', '/cart');
    const line = cart.json().data.lines.find((l: { sku: string }) => l.sku === p.branded.sku);
    expect(line.problem).toBe(companyCatalogMessages.quickOrderLine);
    const refused = await checkout(shop.buyerA);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      companyCatalogMessages.notInCatalog(p.branded.name, p.branded.sku),
    );
    // Nothing placed: the cart is kept as it was.
    const [left] = (
      await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from cart_lines where user_id = ${shop.buyerAId}
          and product_id = ${p.branded.id}`,
      )
    ).rows;
    expect(Number(left?.n)).toBe(1);
    const [orders] = (
      await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders where user_id = ${shop.buyerAId}`,
      )
    ).rows;
    expect(Number(orders?.n)).toBe(0);
    expect((await checkout(shop.buyerB)).statusCode).toBe(200);
  });

  it('/purchase: refused (403) for A, placed for B and someone in no company', async () => {
    const body = {
      toolId: p.plain.id,
      quantity: 1,
      address: '1 Mill Rd',
      phone: '+1 309 555 0100',
    };
    const refused = await call(shop.buyerA, 'POST', '/purchase', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      companyCatalogMessages.notInCatalog(p.plain.name, p.plain.sku),
    );
    expect((await call(shop.buyerB, 'POST', '/purchase', body)).statusCode).toBe(200);
    expect((await call(shop.outsider, 'POST', '/purchase', body)).statusCode).toBe(200);
    expect(
      (await call(shop.buyerA, 'POST', '/purchase', { ...body, toolId: p.net.id })).statusCode,
    ).toBe(200);
  });

  it('quotes: a part outside the catalog is not asked for, nor accepted once the limit narrows', async () => {
    const ask = (who: TestUser, productId: string) =>
      call(who, 'POST', '/quotes', { message: 'Price?', lines: [{ productId, quantity: 1 }] });
    const refused = await ask(shop.buyerA, p.plain.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      companyCatalogMessages.notInCatalog(p.plain.name, p.plain.sku),
    );
    expect((await ask(shop.buyerB, p.plain.id)).statusCode).toBe(200);
    // Asked for and answered while A's catalog was whole; accepted after it narrowed: refused.
    await limit(shop.companyA, { categories: [], brands: [] });
    const asked = await ask(shop.buyerA, p.plain.id);
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data._id as string;
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const answered = await call(shop.admin, 'POST', `/admin/quotes/${id}/answer`, {
      lines: [{ lineNo: 1, unitPrice: 5 }],
      leadTimeDays: 2,
      expiresOn: inAWeek,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await limit(shop.companyA, { categories: [shop.topSlug], brands: [] });
    const accept = await call(shop.buyerA, 'POST', `/quotes/${id}/accept`, {
      address: '1 Mill Rd, Peoria IL',
      phone: '+1 309 555 0100',
    });
    expect(accept.statusCode).toBe(403);
    expect((await call(shop.buyerA, 'GET', `/quotes/${id}`)).json().data.status).toBe('answered');
  });

  it('lifting the limit, or leaving the company, shows everything at the next request', async () => {
    await app.db.execute(sql`delete from company_members where user_id = ${shop.buyerAId}`);
    const search = '/catalog/search?q=Contract%20part&limit=50';
    expect(skusIn((await call(shop.buyerA, 'GET', search)).body)).toEqual(all);
    await app.db.execute(sql`insert into company_members (user_id, company_id, role)
      values (${shop.buyerAId}, ${shop.companyA}, 'buyer')`);
    expect(skusIn((await call(shop.buyerA, 'GET', search)).body)).toEqual(inTop);
    const lifted = await limit(shop.companyA, { categories: [], brands: [] });
    expect(lifted.json().data.restricted).toBe(false);
    expect(skusIn((await call(shop.buyerA, 'GET', search)).body)).toEqual(all);
  });
});
