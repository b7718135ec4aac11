import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { webBuildWithRenderer } from '../../../test/web-build.ts';
import { buildPriceListShop } from '../price-lists/price-list-fixture.ts';

/** A web build whose renderer says which page it rendered (as a visitor always). */
const RENDERER = `
export const isServerRendered = (path) => path === '/' || path.startsWith('/products') || path === '/categories';
export function connectApi() {}
export async function renderPage(url) {
  return { status: 200, head: '<title>Parts</title>', body: '<main>Rendered ' + url + '</main>', state: '{}' };
}
`;

/**
 * Issue 35, decision 039: the catalog's pages are rendered on the server as a visitor sees them,
 * and kept. A member of a restricted company gets the app's shell instead (the browser draws the
 * page from their own answers); a visitor and another company's buyer get the rendered page.
 */
describe('catalog pages for a restricted company', async () => {
  const app = await buildTestApp({ WEB_DIST_DIR: webBuildWithRenderer(RENDERER) });
  const shop = await buildPriceListShop(app, 'pages');
  const limited = await app.inject({
    method: 'PUT',
    url: `/api/v1/admin/companies/${shop.companyA}/catalog`,
    headers: { cookie: shop.admin.cookie },
    payload: { categories: [shop.topSlug], brands: [] },
  });
  expect(limited.statusCode, limited.body).toBe(200);

  it('renders for a visitor and buyer B, draws in the browser for buyer A, interleaved', async () => {
    for (const url of [
      // The home page's featured products are the visitor's `/tools` (decision 039).
      '/',
      `/products/${shop.products.branded.slug}`,
      '/products?q=part',
      '/categories',
    ])
      for (const [who, cookie] of [
        ['visitor', undefined],
        ['buyerA', shop.buyerA.cookie],
        ['buyerB', shop.buyerB.cookie],
        ['buyerA', shop.buyerA.cookie],
        ['visitor', undefined],
      ] as const) {
        const res = await app.inject({ url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${url} as ${who}`).toBe(200);
        if (who === 'buyerA') {
          expect(res.body, `${url} as ${who}`).not.toContain('Rendered');
          expect(res.body).toContain('<div id="root"></div>');
        } else expect(res.body, `${url} as ${who}`).toContain(`<main>Rendered ${url}</main>`);
      }
  });

  it("puts the product in a purchase page's first HTML for a visitor and buyer B, not for buyer A", async () => {
    const { id } = shop.products.branded;
    for (const [who, cookie] of [
      ['visitor', undefined],
      ['buyerA', shop.buyerA.cookie],
      ['buyerB', shop.buyerB.cookie],
      ['buyerA', shop.buyerA.cookie],
      ['visitor', undefined],
    ] as const) {
      const res = await app.inject({ url: `/purchase/${id}`, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, who).toBe(200);
      // A's page reads its own `/tools/{id}` (a 404 outside its catalog), not the visitor's.
      if (who === 'buyerA') expect(res.body, who).not.toContain('first-data');
      else expect(res.body, who).toContain(`"/api/v1/tools/${id}"`);
    }
  });
});
