import type { APIRequestContext } from '@playwright/test';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

/**
 * Issue 35, decision 039: a shop admin limits a company to one category in its company page (an
 * unknown slug is refused under the field); the company's buyer then finds only that category's
 * parts in search and on the categories page, reads "not in your company's catalog" on another
 * part's page, and quick order marks that part; a visitor still sees it. The flow runs once, the
 * buyer on a phone, the admin on a desktop, the visitor on a tablet; each screen is checked at
 * 375, 768 and 1280 px (atEachWidth).
 */

interface Item {
  _id: string;
  sku: string;
  slug: string;
  name: string;
  category: { slug: string; name: string } | null;
}
interface Node {
  slug: string;
  name: string;
  count: number;
}

/** Two top categories with parts, and a part of each (the demo catalog's). */
async function twoCategories(request: APIRequestContext) {
  const tree = (await (await request.get('/api/v1/catalog/categories')).json()).data as Node[];
  const [mine, other] = tree.filter((node) => node.count > 0);
  if (!mine || !other) throw new Error('the demo catalog has fewer than two categories');
  // A demo part: another journey's part (E2E-…) may change or go while this one runs.
  const partIn = async (category: string) => {
    const res = await request.get(`/api/v1/catalog/search?category=${category}&limit=50`);
    const item = ((await res.json()).data.items as Item[]).find(
      ({ sku }) => !sku.startsWith('E2E-'),
    );
    if (!item) throw new Error(`no part in ${category}`);
    return item;
  };
  return { mine, other, inMine: await partIn(mine.slug), inOther: await partIn(other.slug) };
}

test('a company limited to one category sees and orders only that part of the catalog (the buyer on a phone, the admin on a desktop, a visitor on a tablet; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 900 });
  const origin = { origin: baseURL ?? '' };
  const request = page.context().request;
  await signUpByApi(request, newAccount('limited'));
  const companyName = `Limited Co ${Date.now().toString(36)}`;
  const company = await request.post('/api/v1/company', {
    headers: origin,
    data: { name: companyName, billingAddress: '1 Mill Road, Leeds' },
  });
  expect(company.status(), await company.text()).toBe(200);
  const companyId = (await company.json()).data._id as string;
  const { mine, other, inMine, inOther } = await twoCategories(request);

  // The shop admin limits the company on its page.
  const shopAdmin = await browser.newContext({ baseURL, extraHTTPHeaders: origin });
  await signUpAdminByApi(shopAdmin.request);
  const adminPage = await shopAdmin.newPage();
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.goto(`/dashboard/companies?company=${companyId}`);
  const form = adminPage.getByRole('form', { name: 'Company catalog' });
  await expect(form.getByText('Whole catalog: the members see and buy every part.')).toBeVisible();
  await form.getByLabel('Categories').fill(`${mine.slug}, no-such-category`);
  await form.getByRole('button', { name: 'Save catalog' }).click();
  const unknown = form.getByText('Unknown category: no-such-category');
  await expect(unknown).toBeVisible();
  await atEachWidth(adminPage, 'restricted-catalog-form-error', unknown);
  await form.getByLabel('Categories').fill(mine.slug);
  await form.getByRole('button', { name: 'Save catalog' }).click();
  const limited = form.getByText(
    `Limited to categories ${mine.name}: the members see and buy only these parts.`,
  );
  await expect(limited).toBeVisible();
  await atEachWidth(adminPage, 'restricted-catalog-form', limited);
  await shopAdmin.close();

  // The buyer: the other category's part is not found by its SKU, its page says why.
  await page.goto(`/products?q=${encodeURIComponent(inOther.sku)}`);
  await expect(page.getByText('No parts match')).toBeVisible();
  await page.goto(`/products?q=${encodeURIComponent(inMine.sku)}`);
  const result = page.getByTestId('search-result').filter({ hasText: inMine.sku }).first();
  await expect(result).toBeVisible();
  await atEachWidth(page, 'restricted-catalog-search', result);
  await page.goto(`/products/${inOther.slug}`);
  const notInCatalog = page.getByRole('heading', {
    name: "This part is not in your company's catalog",
  });
  await expect(notInCatalog).toBeVisible();
  await atEachWidth(page, 'restricted-catalog-product', notInCatalog);
  await page.goto('/categories');
  await expect(page.getByRole('link', { name: new RegExp(`^${mine.name} \\(`) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${other.name} \\(`) })).toHaveCount(0);

  // Quick order marks the part; the cart refuses it by its name.
  await page.goto('/quick-order');
  await page.getByLabel('Part numbers and quantities').fill(`${inOther.sku} 1`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  const marked = page.getByText('Not in your catalog').first();
  await expect(marked).toBeVisible();
  await expect(page.getByText("Not in your company's catalog").first()).toBeVisible();
  await atEachWidth(page, 'restricted-catalog-quick-order', marked);
  const refused = await request.put(`/api/v1/cart/lines/${inOther._id}`, {
    headers: origin,
    data: { quantity: 1 },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain("is not in your company's catalog");

  // A visitor still sees the part.
  const visitor = await browser.newContext({ baseURL, viewport: { width: 768, height: 900 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/products/${inOther.slug}`);
  await expect(visitorPage.getByRole('heading', { name: inOther.name })).toBeVisible();
  await visitor.close();
});
