import { signUpAdminByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

/**
 * A file of `count` new bearings, with two bad lines in it: line 3 names an unknown category (its
 * batch refuses it), line 5 a bad price (refused as it is read, before line 3's batch is applied).
 */
function bearingsCsv(run: string, count: number): string {
  const rows = ['sku,name,brand,category,price,minimumOrderQuantity,availableQuantity,attributes'];
  for (let i = 0; i < count; i++) {
    rows.push(
      `E2E-${run}-${i},E2E Bearing ${run} no. ${i},E2E Rolling Co,ball-bearings,${(2 + (i % 50) / 10).toFixed(2)},10,${500 + i},bore=${10 + (i % 40)} mm; seal=rubber seals`,
    );
  }
  rows[2] = `E2E-${run}-bad-category,Bad category,E2E Rolling Co,no-such-category,1,1,1,`;
  rows[4] = `E2E-${run}-bad-price,Bad price,E2E Rolling Co,ball-bearings,cheap,1,1,`;
  return `${rows.join('\n')}\n`;
}

test('an admin imports a CSV with a progress bar, reads the report, then edits a product', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAdminByApi(page.context().request);
  const run = String(Date.now() % 1_000_000);
  await page.goto('/dashboard/manageProducts');
  const panel = page.getByRole('region', { name: 'Import and export (CSV)' });
  await expect(panel.getByRole('link', { name: 'Export the catalog' })).toHaveAttribute(
    'href',
    '/api/v1/catalog/export.csv',
  );

  // No file: a red line under the field, nothing sent.
  await panel.getByRole('button', { name: 'Import' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Choose a CSV file first');

  await panel.getByLabel('CSV file').setInputFiles({
    name: 'bearings.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bearingsCsv(run, 1200)),
  });
  await panel.getByRole('button', { name: 'Import' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Importing…' })).toBeDisabled();
  await shoot(page, 'catalog-import-progress', { fullPage: false });
  const report = panel.getByTestId('import-report');
  await expect(report).toContainText('Import finished: 1,198 created, 0 updated, 2 refused.', {
    timeout: 150_000,
  });
  // Refused lines by line number (issue 31: line 5 came first, refused before line 3's batch).
  const refused = report.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(refused).toHaveText([/^3\s*category: no category no-such-category/, /^5\s*price/i]);
  await shoot(page, 'catalog-import-report', { fullPage: false });

  // Edit one of them: the price and a specification.
  await page.goto(`/products?q=E2E-${run}-7`);
  await expect(page.getByTestId('search-result').first().getByTestId('sku')).toHaveText(
    `E2E-${run}-7`,
  );
  await page.goto('/dashboard/manageProducts');
  // The newest products are the file's (one batch shares its time: any of them).
  const edit = page.getByRole('link', { name: new RegExp(`^Edit E2E Bearing ${run} no\\. \\d+$`) });
  const label = (await edit.first().getAttribute('aria-label')) ?? '';
  const name = label.replace(/^Edit /, '');
  const sku = `E2E-${run}-${name.split(' ').at(-1)}`;
  await edit.first().click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(page.getByLabel('SKU', { exact: true })).toHaveValue(sku);
  await page.getByLabel('Price per piece ($)').fill('9.99');
  await page.getByLabel('Specifications').fill('bore=45 mm\nseal=metal shields\nbad line');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/^attributes: "bad line" is not name=value/)).toBeVisible();
  await page.getByLabel('Specifications').fill('bore=45 mm\nseal=metal shields');
  await page.getByLabel('Brand').fill('E2E Edited Brand');
  // A new page URL (issue 17): the old one then answers 301 to it.
  const pageUrl = page.getByLabel('Page URL: /products/…');
  const oldSlug = await pageUrl.inputValue();
  await pageUrl.fill('Not a slug');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/^slug: lowercase letters/)).toBeVisible();
  const newSlug = `e2e-moved-${run}`;
  await pageUrl.fill(newSlug);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();
  await shoot(page, 'product-edit');

  await page.goto(`/products?q=${sku}`);
  const result = page.getByTestId('search-result').first();
  await expect(result).toContainText('$9.99');
  await expect(result).toContainText('E2E Edited Brand');

  const moved = await page.request.get(`/products/${oldSlug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/products/${newSlug}`);
  await page.goto(`/products/${oldSlug}`);
  await expect(page).toHaveURL(new RegExp(`/products/${newSlug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});
