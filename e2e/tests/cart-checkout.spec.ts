import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, signInByForm, signUpByApi } from '../support/accounts.ts';
import { fillAddress, peoria } from '../support/addresses.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

interface Item {
  _id: string;
  sku: string;
  slug: string;
  name: string;
  price: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize: number;
  brand: { slug: string } | null;
}

/**
 * Demo parts sold one by one (no pack), in stock, cheap enough to order a few: the demo catalog's
 * (each of a brand), not a part another journey imported (`E2E-…`, some with no brand), which may
 * take backorders (more than the stock must read "Only N left") or be edited meanwhile. Within a
 * relevance class the newest parts come first (decision 045): the backorders journey's bearing
 * led the list.
 */
async function demoParts(request: APIRequestContext, count: number): Promise<Item[]> {
  const res = await request.get('/api/v1/catalog/search?q=bearing&limit=60&inStock=true');
  const items = ((await res.json()).data.items as Item[]).filter(
    (item) =>
      item.packSize === 1 &&
      item.brand !== null &&
      !item.sku.startsWith('E2E-') &&
      item.availableQuantity >= item.minimumOrderQuantity * 3,
  );
  if (items.length < count) throw new Error('not enough demo parts');
  return items.slice(0, count);
}

async function payByForm(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

test('a visitor fills a cart, signs in, checks out with a PO number, pays, downloads the invoice and buys again', async ({
  page,
}) => {
  const [first, second] = await demoParts(page.context().request, 2);
  if (!first || !second) throw new Error('no demo parts');

  // A visitor adds two parts: one from its page, one from the catalog's card.
  await page.goto(`/products/${first.slug}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 line' })).toBeVisible();
  await page.goto(`/products?q=${encodeURIComponent(second.sku)}`);
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('button', { name: `Add to cart: ${second.name}` })
    .first()
    .click();
  await expect(page.getByRole('link', { name: 'Cart, 2 lines' })).toBeVisible();

  // The cart: steppers, line totals, the total; more than the stock is marked in red.
  await page.getByRole('link', { name: 'Cart, 2 lines' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  const firstQuantity = page.getByLabel(`Quantity of ${first.name}`);
  await firstQuantity.fill(String(first.availableQuantity + 1));
  await firstQuantity.press('Enter');
  await expect(page.getByText(/^Only [\d,]+ left$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await firstQuantity.fill(String(first.minimumOrderQuantity * 2));
  await firstQuantity.press('Enter');
  await expect(page.getByText(/^Only [\d,]+ left$/)).toHaveCount(0);
  await shoot(page, 'cart-visitor');

  // Sign in: the browser's cart joins the account's.
  const account = newAccount('cartbuyer');
  await signUpByApi(page.context().request, account);
  await page.getByRole('link', { name: 'Sign in to check out' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  const cart = await (await page.context().request.get('/api/v1/cart')).json();
  expect(cart.data.lines).toHaveLength(2);
  const total = cart.data.total as number;

  // Checkout: the address's fields required, with a red line under each (issue 33).
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Address line 1 is required')).toBeVisible();
  await fillAddress(page, peoria);
  await page.getByLabel('PO number (optional)').fill('PO-2026-118');
  await shoot(page, 'checkout');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = page.url().split('/').pop() ?? '';
  await payByForm(page);
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible();

  // My Orders: the order of two lines, its PO number, its invoice.
  await page.goto('/dashboard');
  const row = page.getByTestId('order-row').filter({ hasText: 'PO PO-2026-118' });
  await expect(row).toBeVisible();
  await expect(row.getByText('2 lines')).toBeVisible();
  const invoice = row.getByRole('link', { name: /^Invoice \d{4}-\d{6}$/ });
  const download = page.waitForEvent('download');
  await invoice.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
  const pdf = await page.context().request.get(`/api/v1/orders/${orderId}/invoice.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const order = (await (await page.context().request.get(`/api/v1/myPurchase/${orderId}`)).json())
    .data;
  expect(order.price).toBe(total);
  expect(order.poNumber).toBe('PO-2026-118');
  await shoot(page, 'my-orders-lines');

  // Buy again: the same lines back in the cart.
  await row.getByRole('button', { name: 'Buy again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('2 lines added to your cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 lines' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toBeVisible();

  // Saved list from the cart.
  await page.getByLabel('Save this cart as a list').fill('Line 3 spares');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByText('Saved as "Line 3 spares"')).toBeVisible();
  await shoot(page, 'cart-buyer');

  // Checking out again: the address and phone of the last order are filled in.
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByLabel('Address line 1')).toHaveValue(peoria.line1);
  await expect(page.getByLabel('City')).toHaveValue(peoria.city);
  await expect(page.getByLabel('Phone')).toHaveValue(peoria.phone ?? '');
  await shoot(page, 'checkout-again');
});

test('a signed-in buyer signs out and in again: the cart is the same on the server', async ({
  page,
}) => {
  const [part] = await demoParts(page.context().request, 1);
  if (!part) throw new Error('no demo part');
  const account = newAccount('cartagain');
  await signUpByApi(page.context().request, account);
  await page.goto(`/products/${part.slug}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 line' })).toBeVisible();
  await page.getByRole('button', { name: 'SignOut' }).click();
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();
  await signInByForm(page, account);
  await expect(page.getByRole('link', { name: 'Cart, 1 line' })).toBeVisible();
});
