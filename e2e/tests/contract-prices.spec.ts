import { formatPrice } from '@proper-parts/domain/format';
import { chiefRequest, newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

/**
 * Issue 35: a company buyer sees their contract price with the list price struck through on the
 * product page and in the cart; a visitor on the same page sees the list price only.
 */
test('a company buyer sees their contract price; a visitor the list price', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = { origin: baseURL ?? '' };
  const request = page.context().request;
  await signUpByApi(request, newAccount('contract'));
  const companyName = `Contract Co ${Date.now().toString(36)}`;
  const company = await request.post('/api/v1/company', {
    headers: origin,
    data: { name: companyName, billingAddress: '1 Mill Road, Leeds' },
  });
  expect(company.status(), await company.text()).toBe(200);
  const companyId = (await company.json()).data._id as string;

  const found = await request.get('/api/v1/catalog/search?inStock=true&limit=20');
  const part = (await found.json()).data.items.find(
    (item: { price: number; availableQuantity: number; minimumOrderQuantity: number }) =>
      item.price >= 2 && item.availableQuantity >= item.minimumOrderQuantity * 2,
  ) as { _id: string; sku: string; slug: string; price: number; minimumOrderQuantity: number };
  const contract = Math.round(part.price * 80) / 100;
  const listName = `E2E contract ${Date.now().toString(36)}`;
  const listed = await (await chiefRequest()).post('/api/v1/admin/price-lists', {
    data: {
      name: listName,
      companyIds: [companyId],
      priority: 1,
      entries: [{ sku: part.sku, price: contract }],
    },
  });
  expect(listed.status(), await listed.text()).toBe(200);

  await page.goto(`/products/${part.slug}`);
  await expect(page.getByText('Your price')).toBeVisible();
  await expect(page.getByTestId('price')).toHaveText(formatPrice(contract));
  await expect(page.getByTestId('list-price')).toHaveText(formatPrice(part.price));
  await shoot(page, 'contract-price-product');
  // And in the catalog's search results (issue 35: everywhere the buyer sees a price).
  await page.goto(`/products?q=${encodeURIComponent(part.sku)}`);
  const result = page.getByTestId('search-result').filter({ hasText: part.sku }).first();
  await expect(result.getByTestId('result-price')).toHaveText(formatPrice(contract));
  await expect(result.getByTestId('result-list-price')).toHaveText(formatPrice(part.price));
  await shoot(page, 'contract-price-search');

  const line = await request.put(`/api/v1/cart/lines/${part._id}`, {
    headers: origin,
    data: { quantity: part.minimumOrderQuantity },
  });
  expect(line.status(), await line.text()).toBe(200);
  await page.goto('/cart');
  await expect(page.getByText('Your price')).toBeVisible();
  await expect(page.locator('s', { hasText: formatPrice(part.price) })).toBeVisible();
  await shoot(page, 'contract-price-cart');
  // Quick order and saved lists too: the buyer's price, the list price struck through.
  await page.goto('/quick-order');
  await page
    .getByLabel('Part numbers and quantities')
    .fill(`${part.sku} ${part.minimumOrderQuantity}`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  const quick = page.getByTestId('quick-order-line').first();
  await expect(quick).toContainText(formatPrice(contract));
  await expect(quick.getByTestId('quick-order-list-price')).toHaveText(formatPrice(part.price));
  await shoot(page, 'contract-price-quick-order');
  const saved = await request.post('/api/v1/lists', {
    headers: origin,
    data: { name: `Contract list ${Date.now().toString(36)}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto('/dashboard/lists');
  await page.getByRole('button', { name: 'View' }).first().click();
  await expect(page.getByTestId('saved-line-list-price').first()).toHaveText(
    formatPrice(part.price),
  );
  await shoot(page, 'contract-price-saved-list');

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/products/${part.slug}`);
  await expect(visitorPage.getByTestId('price')).toHaveText(formatPrice(part.price));
  await expect(visitorPage.getByText('Your price')).toHaveCount(0);
  await visitor.close();

  // The shop admin's list of price lists, and a list's CSV loaded with a progress bar.
  const shopAdmin = await browser.newContext({ baseURL, extraHTTPHeaders: origin });
  await signUpAdminByApi(shopAdmin.request);
  const adminPage = await shopAdmin.newPage();
  await adminPage.goto('/dashboard/price-lists');
  await expect(
    adminPage
      .getByRole('table', { name: 'Price lists' })
      .getByRole('row', { name: new RegExp(listName) }),
  ).toBeVisible();
  await shoot(adminPage, 'price-lists-admin');
  // A new list made in the form, above the first (priority 5), its prices loaded by CSV.
  const browserList = `${listName} browser`;
  await adminPage.getByRole('button', { name: 'New price list' }).click();
  const form = adminPage.getByRole('form', { name: 'New price list' });
  await form.getByLabel('Name').fill(browserList);
  await form.getByLabel('Priority').fill('5');
  await form.getByRole('checkbox', { name: companyName }).check();
  await shoot(adminPage, 'price-list-form');
  await form.getByRole('button', { name: 'Create list' }).click();
  const panel = adminPage.getByRole('region', { name: `${browserList}: import and export (CSV)` });
  await expect(panel.getByRole('link', { name: 'Export this list' })).toBeVisible();
  const lowered = Math.round(part.price * 70) / 100;
  await panel.getByLabel('CSV file').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `price_list,sku,min_quantity,price\n${browserList},${part.sku},1,${lowered.toFixed(2)}\n${browserList},NO-SUCH-PART,1,1.00\n`,
    ),
  });
  await panel.getByRole('button', { name: 'Import' }).click();
  await expect(
    panel.getByText(/Import finished: 1 added, 0 updated, 0 unchanged, 1 refused/),
  ).toBeVisible();
  await expect(panel.getByText(/sku: no product has the SKU NO-SUCH-PART/)).toBeVisible();
  await shoot(adminPage, 'price-list-csv-import');
  await shopAdmin.close();

  // The buyer's page shows the imported price.
  await page.goto(`/products/${part.slug}`);
  await expect(page.getByTestId('price')).toHaveText(formatPrice(lowered));
});
