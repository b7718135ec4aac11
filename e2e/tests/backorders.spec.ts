import { formatExpectedOn } from '@proper-parts/domain/backorder-rules';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { fillAddress, peoria } from '../support/addresses.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

/** The day `days` after today (UTC), YYYY-MM-DD. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 36: backorders. The admin lets a part be backordered and enters a purchase order of 40
 * expected on a day; a buyer reads "12 in stock, 40 more on {day}", orders 30, sees the cart
 * split into 12 now and 18 backordered, accepts the backorder at checkout (refused, with the
 * message under the checkbox, until then) and the order holds the 18 with their date. The goods
 * come in: the admin receives the purchase order, the 18 go to the order, the 22 others on sale.
 * The flow
 * runs once, the admin on a desktop and the buyer on a phone; each screen is checked at 375, 768
 * and 1280 px (atEachWidth).
 */
test('a buyer orders above the stock and accepts a backorder with its date (the buyer on a phone, the admin on a desktop; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAdminByApi(page.context().request);
  const stamp = Date.now() % 1_000_000;
  const run = `${stamp}`;
  const sku = `E2E-BACK-${run}`;
  const name = `E2E Backordered Bearing ${run}`;
  const imported = await page.request.post('/api/v1/catalog/import', {
    headers: { origin: baseURL ?? '' },
    multipart: {
      file: {
        name: 'backorder.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `sku,name,category,price,minimumOrderQuantity,availableQuantity\n${sku},${name},ball-bearings,4.20,1,12\n`,
        ),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const found = await page.request.get(`/api/v1/catalog/search?q=${sku}`);
  const { _id: id, slug } = (await found.json()).data.items[0];
  // A day of its own (45 to 74 days ahead), so a run's date is not another's.
  const expectedOn = inDays(45 + (stamp % 30));
  const day = formatExpectedOn(expectedOn);

  // The admin: allow backorders (a bad lead time first, red under its field), then a PO of 40.
  await page.goto(`/dashboard/manageProducts/${id}/edit`);
  const panel = page.getByRole('region', { name: 'Backorders and incoming stock' });
  await panel.getByLabel('Allow backorders above the stock').check();
  await panel.getByLabel('Lead time (days)').fill('-3');
  await panel.getByRole('button', { name: 'Save backorder terms' }).click();
  await expect(panel.getByText('Lead time must be at least 0 days')).toBeVisible();
  await panel.getByLabel('Lead time (days)').fill('');
  await panel.getByRole('button', { name: 'Save backorder terms' }).click();
  await expect(page.getByText('Backorder terms saved')).toBeVisible();
  await panel.getByLabel('Quantity on order').fill('40');
  await panel.getByLabel('Expected on').fill(expectedOn);
  await panel.getByLabel('Reference (optional)').fill(`PO-${run}`);
  await panel.getByRole('button', { name: 'Add purchase order' }).click();
  await expect(panel.getByTestId('purchase-orders')).toContainText(`PO-${run}`);
  await atEachWidth(page, 'backorders-admin', panel.getByTestId('purchase-orders'));

  // A buyer reads the availability on the product page and asks for 30.
  const buyerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
    viewport: { width: 375, height: 900 },
  });
  const buyerPage = await buyerContext.newPage();
  await signUpByApi(buyerContext.request, newAccount('backbuyer'));
  await buyerPage.goto(`/products/${slug}`);
  await expect(buyerPage.getByTestId('availability')).toHaveText(`12 in stock, 40 more on ${day}`, {
    timeout: 10_000,
  });
  await buyerPage.waitForLoadState('networkidle');
  // Typed again if the page's script took over (hydrated) after the first fill.
  await expect(async () => {
    await buyerPage.getByLabel('Quantity', { exact: true }).fill('30');
    await expect(buyerPage.getByTestId('backorder-note')).toHaveText(
      `12 ships now, 18 backordered, expected ${day}`,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });
  await atEachWidth(buyerPage, 'backorders-product', buyerPage.getByTestId('availability'));
  await expect(buyerPage.getByTestId('backorder-note')).toHaveText(
    `12 ships now, 18 backordered, expected ${day}`,
  );
  await buyerPage.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(buyerPage.getByRole('link', { name: 'Cart, 1 line' })).toBeVisible();

  // The cart shows the split, and lets the buyer check out.
  await buyerPage.getByRole('link', { name: 'Cart, 1 line' }).click();
  await expect(buyerPage.getByTestId('backorder-split')).toContainText(
    `12 ships now, 18 backordered, expected ${day}`,
  );
  await atEachWidth(buyerPage, 'backorders-cart', buyerPage.getByTestId('backorder-split'));
  await buyerPage.getByRole('link', { name: 'Checkout' }).click();
  await expect(buyerPage).toHaveURL(/\/checkout$/);

  // Checkout: refused until the backorder is accepted, the message under the checkbox.
  await fillAddress(buyerPage, peoria);
  const acceptance = buyerPage.getByTestId('backorder-acceptance');
  await expect(acceptance).toContainText(`12 ship now, 18 backordered, expected ${day}`);
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(acceptance.getByText('Accept the backorder to place this order')).toBeVisible();
  await atEachWidth(buyerPage, 'backorders-checkout', acceptance);
  await acceptance.getByRole('checkbox').check();
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/payment\//);
  const orderId = buyerPage.url().split('/').pop() ?? '';

  // The order: 30 pieces, 18 of them on back order until the purchase order's day.
  const order = (await (await buyerContext.request.get(`/api/v1/myPurchase/${orderId}`)).json())
    .data as { lines: { quantity: number; backordered?: number; expectedOn?: string }[] };
  expect(order.lines[0]).toMatchObject({ quantity: 30, backordered: 18, expectedOn });
  const product = (await (await page.request.get(`/api/v1/catalog/products/${slug}`)).json())
    .data as { availableQuantity: number; backorder: { incoming: unknown[] } };
  expect(product.availableQuantity).toBe(0);
  expect(product.backorder.incoming).toEqual([{ quantity: 22, expectedOn }]);

  // The goods come in: the admin receives the purchase order into Main. The 18 promised go to
  // the buyer's order (to pick in Main), the other 22 into stock.
  await page.reload();
  const received = page
    .getByRole('region', { name: 'Backorders and incoming stock' })
    .getByTestId('purchase-orders');
  await expect(received.getByLabel('Into')).toHaveValue(/\d+/);
  await received.getByRole('button', { name: 'Receive' }).click();
  await expect(
    page.getByText('Received into Main: 18 pieces to 1 backordered order, 22 into stock'),
  ).toBeVisible();
  await expect(received).toContainText('Received into Main on');
  await atEachWidth(page, 'backorders-received', received);
  const after = (await (await buyerContext.request.get(`/api/v1/myPurchase/${orderId}`)).json())
    .data as { lines: { quantity: number; backordered?: number; expectedOn?: string }[] };
  expect(after.lines[0]).toMatchObject({ quantity: 30 });
  expect(after.lines[0]?.backordered).toBeUndefined();
  expect(after.lines[0]?.expectedOn).toBeUndefined();
  const restocked = (await (await page.request.get(`/api/v1/catalog/products/${slug}`)).json())
    .data as { availableQuantity: number; backorder: { incoming: unknown[] } };
  expect(restocked.availableQuantity).toBe(22);
  expect(restocked.backorder.incoming).toEqual([]);
  await buyerContext.close();

  // Gone again: a product left behind leads the home page's featured six (volume-pricing.spec).
  const removed = await page.request.delete(`/api/v1/tools/${id}`, {
    headers: { origin: baseURL ?? '' },
  });
  expect(removed.status(), await removed.text()).toBe(200);
});
