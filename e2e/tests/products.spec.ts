import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

const results = (page: Page) => page.getByTestId('search-result');

test('a buyer finds a part by its number typed in another case and punctuation', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Products' }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Parts' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toContainText(/\d{1,2},\d{3} parts/);

  await page.getByLabel('Search parts').fill('brg6204 2rs');
  await expect(page).toHaveURL(/\?q=brg6204\+2rs$/);
  await expect(results(page).first().getByTestId('sku')).toHaveText('BRG-6204-2RS');
  await shoot(page, 'products-search', { fullPage: false });

  // A cross-reference-shaped number, no punctuation at all.
  await page.getByLabel('Search parts').fill('6204zz');
  await expect(results(page).first().getByTestId('sku')).toHaveText(/6204ZZ/);
});

test('filters by brand and stock, pages on by cursor, and the back button restores each page', async ({
  page,
}) => {
  await page.goto('/products?q=bearing');
  await expect(results(page).first()).toBeVisible();
  const firstBrand = page
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('checkbox')
    .nth(1);
  await firstBrand.check();
  await expect(page).toHaveURL(/brand=/);
  await page.getByRole('checkbox', { name: 'In stock only' }).check();
  await expect(page).toHaveURL(/inStock=true/);
  await expect(results(page).first()).toBeVisible();
  const filtered = page.url();
  await shoot(page, 'products-filtered', { fullPage: false });

  await page.goto('/products');
  const firstPage = await results(page).first().getAttribute('aria-label');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(results(page).first()).not.toHaveAttribute('aria-label', firstPage ?? '');
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(results(page).first()).toHaveAttribute('aria-label', firstPage ?? '');
  await page.goto(filtered);
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
});

test('a search that finds nothing says so and clears in one click', async ({ page }) => {
  await page.goto('/products?q=zzqxv-nothing-ever&inStock=true');
  await expect(page.getByText('No parts match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search and filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(results(page).first()).toBeVisible();
});
