import type { Page } from '@playwright/test';
import { newAccount, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

/**
 * A server-rendered page, once its scripts have run: typing into an input before React hydrates
 * it is lost (React sets the input back to its state), as a real fast typist's would be. The
 * scripts load once the first screen is painted, which on a busy machine can be after the network
 * has been idle: RootLayout marks the page once hydrated.
 */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

const results = (page: Page) => page.getByTestId('search-result');

test('a buyer finds a part by its number typed in another case and punctuation', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Products' }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Parts' })).toBeVisible();
  // More than the count's bound (issue 32): "1,000+ parts".
  await expect(page.getByTestId('result-count')).toContainText('1,000+ parts');

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
  await openHydrated(page, '/products?q=bearing');
  await expect(results(page).first()).toBeVisible();
  const firstBrand = page
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('checkbox')
    .nth(1);
  await firstBrand.check();
  await expect(page).toHaveURL(/brand=/);
  await page.getByRole('checkbox', { name: /^In stock only/ }).check();
  await expect(page).toHaveURL(/inStock=true/);
  await expect(results(page).first()).toBeVisible();
  const filtered = page.url();
  await shoot(page, 'products-filtered', { fullPage: false });

  await openHydrated(page, '/products');
  const firstPage = await results(page).first().getAttribute('aria-label');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(results(page).first()).not.toHaveAttribute('aria-label', firstPage ?? '');
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect(results(page).first()).toHaveAttribute('aria-label', firstPage ?? '');
  await openHydrated(page, filtered);
  await expect(page.getByRole('checkbox', { name: /^In stock only/ })).toBeChecked();
});

test('a search that finds nothing says so and clears in one click', async ({ page }) => {
  await openHydrated(page, '/products?q=zzqxv-nothing-ever&inStock=true');
  await expect(page.getByText('No parts match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search and filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(results(page).first()).toBeVisible();
});

test('a buyer narrows bearings by bore, opens one and orders it', async ({ page }) => {
  await signUpByApi(page.context().request, newAccount('finder'));
  await openHydrated(page, '/products?category=ball-bearings');
  await expect(results(page).first()).toBeVisible();
  await page.getByLabel('Bore (mm) from').fill('17');
  await page.getByLabel('Bore (mm) to').fill('25');
  await page.getByLabel('Bore (mm) to').press('Enter');
  await expect(page).toHaveURL(/attr\.bore=17\.\.25/);
  await page.getByRole('checkbox', { name: /^metal shields/ }).check();
  await expect(page).toHaveURL(/attr\.seal=metal\+shields/);
  await expect(page.getByTestId('result-count')).toContainText(/\d+ parts?/);
  await shoot(page, 'products-specifications', { fullPage: false });

  // The results for the last filter, not the ones before it still on screen while they load.
  await expect(page.getByRole('region', { name: 'Results' })).toHaveAttribute('aria-busy', 'false');
  const first = results(page).first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('link', { name }).click();
  // The part's own page: every field, its specifications, then Purchase Now to the order form.
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Specifications' })).toContainText('Seal');
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText(
    'Ball Bearings',
  );
  await shoot(page, 'product-page');
  await page.getByRole('link', { name: 'Purchase Now' }).click();
  await expect(page).toHaveURL(/\/purchase\//);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByText(/^Thanks For Purchase\. Your Purchase Id [0-9a-f-]{36}$/),
  ).toBeVisible();
  await page.getByRole('link', { name: 'My Orders' }).click();
  await expect(page.getByTestId('order-row').filter({ hasText: name })).toBeVisible();
});

test('See All Brands and the footer lead to the brands A–Z and the category tree, and into the catalog', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'See All Brands' }).click();
  await expect(page).toHaveURL(/\/brands$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Brands' })).toBeVisible();
  await shoot(page, 'brands', { fullPage: false });
  const brand = page.getByRole('region', { name: 'A' }).getByRole('link').first();
  const brandName = ((await brand.textContent()) ?? '').replace(/[\d,]+$/, '');
  await brand.click();
  await expect(page).toHaveURL(/\/products\?brand=/);
  await expect(results(page).first()).toContainText(brandName);

  await page.getByRole('contentinfo').getByRole('link', { name: 'All Categories' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await shoot(page, 'categories', { fullPage: false });
  await page.getByRole('link', { name: /^Ball Bearings/ }).click();
  await expect(page).toHaveURL(/\/products\?category=ball-bearings$/);
  await expect(results(page).first()).toContainText('Ball Bearing');
});
