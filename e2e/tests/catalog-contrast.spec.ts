import type { Locator, Page } from '@playwright/test';
import { textContrasts } from '../support/contrast.ts';
import { expect, test } from '../support/fixtures.ts';

/** WCAG 2 AA for text under 18 pt (the counts are the text's own size). */
const AA = 4.5;

/** Every element's contrast, each named by its text for the failure message. */
async function expectReadable(elements: Locator, least: number) {
  const all = await textContrasts(elements);
  expect(all.length).toBeGreaterThanOrEqual(least);
  for (const { text, contrast } of all) expect(contrast, text).toBeGreaterThanOrEqual(AA);
}

async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

// Issue 31: axe found the counts at text-base-content/60, 4.03:1.
test('the counts beside facet values, brands and categories read at 4.5:1 or more', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openHydrated(page, '/products?category=bearings');
  const filters = page.getByRole('complementary');
  // In stock only, the categories, the brands and the specifications' values: "(1,234)".
  await expectReadable(filters.getByText(/^\([\d,]+\)$/), 10);

  await openHydrated(page, '/brands');
  await expectReadable(page.locator('main a[href^="/products?brand="] > span:last-child'), 50);

  await openHydrated(page, '/categories');
  await expectReadable(page.locator('main a[href^="/products?category="] > span'), 20);
});

test("a product page's social tags describe its image", async ({ request }) => {
  const res = await request.get('/api/v1/catalog/search?category=bearings&limit=1');
  const [item] = (await res.json()).data.items as { slug: string; name: string }[];
  if (!item) throw new Error('no demo bearing');
  const html = await (await request.get(`/products/${item.slug}`)).text();
  const escaped = item.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  expect(html).toContain(`<meta property="og:image:alt" content="${escaped}"/>`);
  expect(html).toContain(`<meta name="twitter:image:alt" content="${escaped}"/>`);
});
