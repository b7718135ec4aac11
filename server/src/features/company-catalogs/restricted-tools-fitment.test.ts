import { Agent, request } from 'node:http';
import { companyCatalogMessages } from '@proper-parts/domain/company-catalogs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createApiKey } from '../../../test/api-key-helpers.ts';
import { buildTestApp, changesSettled } from '../../../test/helper.ts';
import { fit } from '../fitment/fitment-fixtures.ts';
import { buildPriceListShop } from '../price-lists/price-list-fixture.ts';

/**
 * Issue 35, decision 039: the spec's `/tools` and `/tools/{id}`, and the parts that fit a vehicle
 * (search by `vehicle`, and a product's fitment), show a restricted company's members only their
 * part of the catalog. Company A is limited to "top"; company B is not. The same URLs asked by A's
 * buyer (cookie and bearer token), B's buyer, an admin's API key and a visitor, interleaved both
 * ways: each gets its own answer. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('restricted catalogs: /tools and fitment', async () => {
  const app = await buildTestApp();
  const shop = await buildPriceListShop(app, 'rt');
  const p = shop.products;
  const limited = await app.inject({
    method: 'PUT',
    url: `/api/v1/admin/companies/${shop.companyA}/catalog`,
    headers: { cookie: shop.admin.cookie },
    payload: { categories: [shop.topSlug], brands: [] },
  });
  expect(limited.statusCode, limited.body).toBe(200);
  const key = await createApiKey(app, shop.admin, ['catalog:read']);

  // One vehicle that fits a part inside A's catalog (net), and two outside it (branded, plain).
  const [vehicle] = (
    await app.db.execute<{ id: number }>(sql`insert into vehicles
      (year, make, model, engine, engine_code, fuel)
      values (2016, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE', 'gas') returning id`)
  ).rows;
  const vehicleId = Number(vehicle?.id);
  for (const product of [p.net, p.branded, p.plain]) await fit(app, product.id, [vehicleId]);
  await changesSettled(app);

  const all = Object.values(p)
    .map((product) => product.id)
    .sort();
  // "top" and the categories below it.
  const inTop = [p.net.id, p.specific.id, p.nested.id].sort();
  const fitsAll = [p.net.sku, p.branded.sku, p.plain.sku].sort();

  type Caller = { name: string; headers: Record<string, string>; limited: boolean };
  const callers: Caller[] = [
    { name: 'visitor', headers: {}, limited: false },
    { name: 'buyerA', headers: { cookie: shop.buyerA.cookie }, limited: true },
    { name: 'buyerB', headers: { cookie: shop.buyerB.cookie }, limited: false },
    { name: 'buyerA by token', headers: bearer(shop.buyerA.token), limited: true },
    // API keys are made by the shop's admins and carry no company: the whole catalog.
    { name: 'API key', headers: bearer(key.key), limited: false },
  ];
  const get = (caller: Caller, url: string) =>
    app.inject({ url: `/api/v1${url}`, headers: caller.headers });

  /** Every id of `/tools`, page by page (by cursor, or by offset), `limit` at a time. */
  const pages = async (caller: Caller, limit: number, by: 'cursor' | 'offset') => {
    const ids: string[] = [];
    let url = `/tools?limit=${limit}`;
    for (let page = 0; page < 20; page += 1) {
      const res = await get(caller, url);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      const { data, nextCursor } = res.json() as { data: { _id: string }[]; nextCursor: string };
      ids.push(...data.map((tool) => tool._id));
      if (nextCursor === null) return ids;
      // A full page with a next one: never fewer than asked (no filtering after paging).
      if (data.length !== limit) throw new Error(`${url}: ${data.length} items and a next page`);
      url =
        by === 'cursor'
          ? `/tools?limit=${limit}&cursor=${nextCursor}`
          : `/tools?limit=${limit}&offset=${ids.length}`;
    }
    throw new Error('too many pages');
  };

  it('/tools pages through only the catalog A sees, by cursor and by offset; B, a key and a visitor all', async () => {
    for (const caller of callers)
      for (const by of ['cursor', 'offset'] as const) {
        const ids = await pages(caller, 2, by);
        expect(ids.length, `${caller.name} by ${by}: no repeats`).toBe(new Set(ids).size);
        expect(ids.sort(), `${caller.name} by ${by}`).toEqual(caller.limited ? inTop : all);
      }
    // The last page of A's three is one item; the first page's cursor leads to it.
    const first = (await get(callers[1] as Caller, '/tools?limit=2')).json();
    expect(first.data).toHaveLength(2);
    const second = (
      await get(callers[1] as Caller, `/tools?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.data).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it('the same URLs interleaved both ways: each caller gets its own answer, never a cached other one', async () => {
    const urls: Record<string, string> = {
      list: '/tools?limit=50',
      page: '/tools?limit=2&offset=2',
      shown: `/tools/${p.net.id}`,
      hidden: `/tools/${p.branded.id}`,
      fits: `/catalog/search?vehicle=${vehicleId}&limit=50`,
      fitment: `/catalog/products/${p.branded.slug}/fitment?vehicle=${vehicleId}`,
      fitmentShown: `/catalog/products/${p.net.slug}/fitment?vehicle=${vehicleId}`,
    };
    const visitorPage = (await get(callers[0] as Caller, urls.page as string)).json().data;
    const problems: string[] = [];
    // Forward (a visitor, then A) and reversed (A, then a visitor), three rounds.
    for (let round = 0; round < 3; round += 1)
      for (const [what, url] of Object.entries(urls))
        for (const caller of round % 2 ? [...callers].reverse() : callers) {
          const res = await get(caller, url);
          const say = (problem: string) =>
            problems.push(`round ${round} ${what} as ${caller.name}: ${problem}`);
          const json = res.json();
          const notInCatalog = () => {
            if (res.statusCode !== (caller.limited ? 404 : 200)) say(`status ${res.statusCode}`);
            if (caller.limited && json.message !== companyCatalogMessages.productNotInCatalog)
              say(res.body);
          };
          if (what === 'list') {
            const ids = (json.data as { _id: string }[]).map((tool) => tool._id).sort();
            if (JSON.stringify(ids) !== JSON.stringify(caller.limited ? inTop : all))
              say(`${ids.length} tools`);
          } else if (what === 'page') {
            // A's third product alone; everyone else the visitor's page.
            const ids = (json.data as { _id: string }[]).map((tool) => tool._id);
            if (
              caller.limited
                ? ids.length !== 1 || !inTop.includes(ids[0] as string)
                : JSON.stringify(json.data) !== JSON.stringify(visitorPage)
            )
              say(`page ${ids.join(' ')}`);
            if (json.nextCursor !== null && caller.limited) say('a next page');
          } else if (what === 'shown' || what === 'fitmentShown') {
            if (res.statusCode !== 200) say(`status ${res.statusCode}`);
            if (what === 'fitmentShown' && json.data?.check?.fits !== true) say(res.body);
          } else if (what === 'hidden' || what === 'fitment') {
            notInCatalog();
          } else {
            // The parts that fit the vehicle, their count and the category counts beside them.
            const skus = (json.data.items as { sku: string }[]).map((item) => item.sku).sort();
            const expected = caller.limited ? [p.net.sku] : fitsAll;
            if (JSON.stringify(skus) !== JSON.stringify(expected)) say(skus.join(' '));
            if (json.data.total !== expected.length) say(`total ${json.data.total}`);
            const counted = (json.data.facets.categories as { count: number }[]).reduce(
              (sum, category) => sum + category.count,
              0,
            );
            if (counted > expected.length) say(`category counts ${counted}`);
          }
          const privateAnswer = res.headers['cache-control'] === 'private, no-store';
          if (privateAnswer !== (caller.name !== 'visitor'))
            say(`cache-control ${res.headers['cache-control']}`);
        }
    expect(problems).toEqual([]);
  });

  it("over HTTP: a replayed visitor answer never reaches A, nor A's answer a visitor", async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: false });
    const read = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; ids: string[] }>((resolve, reject) => {
        const req = request(`${base}/api/v1${path}`, { headers, agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => {
            const data = JSON.parse(body).data;
            const ids = Array.isArray(data)
              ? data.map((tool: { _id: string }) => tool._id)
              : [data?._id];
            resolve({ status: res.statusCode ?? 0, ids: ids.sort() });
          });
        });
        req.on('error', reject);
        req.end();
      });
    // A visitor's answer as the replay gives it (before Fastify): asked again until it is.
    const replayed = async (path: string) => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const before = app.answerReplay.answered;
        const answer = await read(path, {});
        if (app.answerReplay.answered === before + 1) return answer;
      }
      throw new Error(`${path} was never replayed`);
    };
    const buyerA = { cookie: shop.buyerA.cookie };
    for (let round = 0; round < 2; round += 1) {
      expect((await replayed('/tools?limit=50')).ids, `visitor ${round}`).toEqual(all);
      expect((await read('/tools?limit=50', buyerA)).ids, `buyerA ${round}`).toEqual(inTop);
      expect((await replayed(`/tools/${p.branded.id}`)).status, `visitor ${round}`).toBe(200);
      expect((await read(`/tools/${p.branded.id}`, buyerA)).status, `buyerA ${round}`).toBe(404);
    }
    agent.destroy();
  });
});
