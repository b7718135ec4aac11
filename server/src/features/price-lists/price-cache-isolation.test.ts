import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp, changesSettled } from '../../../test/helper.ts';
import { buildPriceListShop, writeContracts } from './price-list-fixture.ts';

/**
 * Issue 35, decision 038: two companies with different contract prices (77.77 and 55.55 for a
 * part listed at 100.00) and a visitor ask the same search, product and price URLs, interleaved,
 * three rounds (the shared caches warm after the first). The public answers carry list prices for
 * everyone; each buyer's own prices reach only that buyer, privately; no answer carries another's.
 */
describe('contract prices never leak through caches', async () => {
  const app = await buildTestApp();
  const shop = await buildPriceListShop(app, 'iso');
  await writeContracts(app, shop);
  await changesSettled(app);
  const { net } = shop.products;
  const A_PRICE = '77.77';
  const B_PRICE = '55.55';
  const callers: [string, TestUser | null][] = [
    ['visitor', null],
    ['buyerA', shop.buyerA],
    ['buyerB', shop.buyerB],
  ];
  const urls = {
    search: `/api/v1/catalog/search?q=${encodeURIComponent(net.sku)}`,
    product: `/api/v1/catalog/products/${net.slug}`,
    tools: `/api/v1/tools/${net.id}`,
    prices: `/api/v1/catalog/prices?productIds=${net.id}`,
  };

  it('answers each caller only what is theirs, round after round', async () => {
    const problems: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const [url, address] of Object.entries(urls)) {
        for (const [name, user] of round % 2 ? [...callers].reverse() : callers) {
          const res = await app.inject({
            url: address,
            headers: user ? { cookie: user.cookie } : {},
          });
          const body = res.body;
          const say = (what: string) => problems.push(`round ${round} ${url} as ${name}: ${what}`);
          if (url === 'prices') {
            if (!user) {
              if (res.statusCode !== 401) say(`visitor got ${res.statusCode}`);
              continue;
            }
            const mine = name === 'buyerA' ? A_PRICE : B_PRICE;
            const theirs = name === 'buyerA' ? B_PRICE : A_PRICE;
            if (!body.includes(`"unitPrice":${mine}`)) say(`own price missing: ${body}`);
            if (body.includes(theirs)) say(`carries the other company's ${theirs}`);
            if (res.headers['cache-control'] !== 'private, no-store') say('cacheable');
            continue;
          }
          if (res.statusCode !== 200) say(`status ${res.statusCode}`);
          if (body.includes(A_PRICE) || body.includes(B_PRICE)) say(`contract price in ${body}`);
          if (!body.includes(net.name)) say('the part is missing');
          if (!body.includes('100')) say('list price missing');
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the public answers are the same for a visitor and both buyers', async () => {
    for (const address of [urls.search, urls.product]) {
      const bodies = await Promise.all(
        callers.map(async ([, user]) =>
          JSON.parse(
            (await app.inject({ url: address, headers: user ? { cookie: user.cookie } : {} })).body,
          ),
        ),
      );
      expect(bodies[1]).toEqual(bodies[0]);
      expect(bodies[2]).toEqual(bodies[0]);
    }
  });
});
