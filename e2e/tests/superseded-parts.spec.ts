import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { fillAddress, peoria } from '../support/addresses.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

/**
 * Issue 36: an admin says a part is replaced (the product's edit form); a buyer types the old
 * number into quick order, is offered the replacement, orders it; the old part's page says
 * "Replaced by" with a link, its canonical the replacement's page. The flow runs once, the admin
 * on a desktop and the buyer on a phone; each screen is checked at 375, 768 and 1280 px
 * (atEachWidth).
 */
test('a buyer quick-orders an old part number and orders its replacement (the buyer on a phone, the admin on a desktop; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const oldSku = `OLD-${stamp}`;
  const newSku = `NEW-${stamp}`;

  // The admin imports both parts, then marks the old one replaced in its edit form.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAdminByApi(page.context().request);
  const imported = await page.request.post('/api/v1/catalog/import', {
    headers: { origin: baseURL ?? '' },
    multipart: {
      file: {
        name: 'parts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `sku,name,category,price,minimumOrderQuantity,availableQuantity\n${oldSku},Old Bearing ${stamp},ball-bearings,2.00,1,500\n${newSku},New Bearing ${stamp},ball-bearings,2.50,1,500\n`,
        ),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const found = await page.request.get(`/api/v1/catalog/search?q=${oldSku}`);
  const old = (await found.json()).data.items.find((i: { sku: string }) => i.sku === oldSku);
  await page.goto(`/dashboard/manageProducts/${old._id}/edit`);
  await page.getByLabel('Replaced by (SKU)').fill(oldSku);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`supersededBy: ${oldSku} cannot replace itself`)).toBeVisible();
  await page.getByLabel('Replaced by (SKU)').fill(newSku.toLowerCase());
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Old Bearing ${stamp} saved`)).toBeVisible();
  await expect(page.getByLabel('Replaced by (SKU)')).toHaveValue(newSku);
  await atEachWidth(page, 'superseded-admin-edit', page.getByLabel('Replaced by (SKU)'));

  // A buyer types the old number: quick order names the replacement and orders it in a click.
  const buyerContext = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 900 },
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const buyer = await buyerContext.newPage();
  await signUpByApi(buyerContext.request, newAccount('buyer'));
  await buyer.goto('/quick-order');
  await buyer.getByLabel('Part numbers and quantities').fill(`${oldSku} 3`);
  await buyer.getByRole('button', { name: 'Check lines' }).click();
  const line = buyer.getByTestId('quick-order-line');
  await expect(line).toHaveAttribute('data-status', 'superseded');
  await expect(line).toContainText(`${oldSku} is replaced by ${newSku}`);
  await expect(line).toContainText(`replaces ${oldSku}`);
  await atEachWidth(buyer, 'superseded-quick-order', line);
  await line.getByRole('button', { name: `Order ${newSku} instead` }).click();
  await expect(line).toHaveAttribute('data-status', 'ok');
  await expect(buyer.getByRole('status').filter({ hasText: 'line ready' })).toHaveText(
    '1 of 1 line ready',
  );
  await buyer.getByRole('button', { name: 'Add all valid lines to the cart' }).click();
  await expect(buyer.getByText('1 part added to your cart').first()).toBeVisible();

  await buyer.goto('/cart');
  await expect(buyer.getByText(newSku)).toBeVisible();
  await expect(buyer.getByTestId('replaced-by')).toHaveCount(0);
  await atEachWidth(buyer, 'superseded-cart', buyer.getByText(newSku));
  await buyer.goto('/checkout');
  await fillAddress(buyer, peoria);
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/payment\//);
  await expect(buyer.getByText(`New Bearing ${stamp}`)).toBeVisible();
  await expect(buyer.getByText('3 pcs × $2.50')).toBeVisible();
  await atEachWidth(buyer, 'superseded-ordered', buyer.getByText('3 pcs × $2.50'));

  // The old part's page says what replaces it, and points search engines there.
  await buyer.goto(`/products/${old.slug}`);
  const note = buyer.getByTestId('replaced-by');
  await expect(note).toHaveText(`Replaced by ${newSku}`);
  const html = await (await buyerContext.request.get(`/products/${old.slug}`)).text();
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/products\/new-bearing-/);
  await atEachWidth(buyer, 'superseded-old-page', note);
  await note.getByRole('link', { name: newSku }).click();
  await expect(buyer.getByTestId('replaces')).toHaveText(`Replaces ${oldSku}`);
  await buyerContext.close();

  // The journeys after this one expect the demo's featured six on the home page.
  const fresh = await page.request.get(`/api/v1/catalog/search?q=${newSku}`);
  const replacement = (await fresh.json()).data.items.find(
    (i: { sku: string }) => i.sku === newSku,
  );
  for (const id of [old._id, replacement._id]) {
    const removed = await page.request.delete(`/api/v1/tools/${id}`, {
      headers: { origin: baseURL ?? '' },
    });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});
