import { signUpAdminByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

test('an admin edits a product’s volume pricing and pack size; the product page follows', async ({
  page,
  baseURL,
}) => {
  await signUpAdminByApi(page.context().request);
  const run = String(Date.now() % 1_000_000);
  const sku = `E2E-TIER-${run}`;
  const name = `E2E Tiered Washer ${run}`;
  const imported = await page.request.post('/api/v1/catalog/import', {
    headers: { origin: baseURL ?? '' },
    multipart: {
      file: {
        name: 'tiered.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `sku,name,category,price,minimumOrderQuantity,availableQuantity,priceBreaks\n${sku},${name},ball-bearings,0.40,1,50000,100=0.36\n`,
        ),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const found = await page.request.get(`/api/v1/catalog/search?q=${sku}`);
  const { _id: id, slug } = (await found.json()).data.items[0];

  await page.goto(`/dashboard/manageProducts/${id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  const breaks = page.getByRole('list', { name: 'Price breaks' }).getByRole('listitem');
  await expect(breaks).toHaveCount(1);
  await expect(breaks.first().getByLabel('From quantity')).toHaveValue('100');

  // A second row below the first, dearer than the price, and no pack: red under each.
  await page.getByRole('button', { name: 'Add a price break' }).click();
  await breaks.nth(1).getByLabel('From quantity').fill('50');
  await breaks.nth(1).getByLabel('Unit price ($)').fill('0.45');
  await page.getByLabel('Pack size').fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText('From quantity must be more than 100, the break above'),
  ).toBeVisible();
  await expect(page.getByText('Pack size must be at least 1')).toBeVisible();
  await page.getByRole('group', { name: 'Volume pricing' }).scrollIntoViewIfNeeded();
  await shoot(page, 'product-edit-volume-errors');

  await breaks.nth(1).getByLabel('From quantity').fill('1000');
  await breaks.nth(1).getByLabel('Unit price ($)').fill('0.32');
  await page.getByLabel('Pack size').fill('10');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();
  await shoot(page, 'product-edit-volume');

  await page.goto(`/products/${slug}`);
  const table = page.getByTestId('price-breaks');
  await expect(table).toContainText('1,000+');
  await expect(table).toContainText('$0.32');
  await expect(page.getByText(/^Sold in packs of 10\b/)).toBeVisible();

  // Gone again: a product left behind leads the home page's featured six, which the shell and
  // home page journeys (run after this one) read as the demo's.
  const removed = await page.request.delete(`/api/v1/tools/${id}`, {
    headers: { origin: baseURL ?? '' },
  });
  expect(removed.status(), await removed.text()).toBe(200);
});
