import { formatPieces, formatPrice } from '@proper-parts/domain/format';
import { newAccount, signUpByApi } from '../support/accounts.ts';
import { fillAddress } from '../support/addresses.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

interface SearchItem {
  sku: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
}

/**
 * Issue 18's "done when": a buyer pastes a 30-line parts list and has one paid order, with its
 * invoice PDF, in the browser. The time it took is printed (the bench, not a test, holds speed).
 */
test('a buyer pastes a 30-line parts list and ends with one paid order and its invoice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.context().request;
  await signUpByApi(request, newAccount('bom'));
  const found = await request.get('/api/v1/catalog/search?inStock=true&limit=100&sort=name');
  const items = ((await found.json()).data.items as SearchItem[]).filter(
    (item) => item.availableQuantity >= item.minimumOrderQuantity * 2,
  );
  expect(items.length).toBeGreaterThanOrEqual(30);
  const parts = items.slice(0, 30);
  // A bill of materials as it comes out of a spreadsheet: part number, a tab, the quantity.
  const bom = parts.map((part) => `${part.sku}\t${part.minimumOrderQuantity}`).join('\n');

  // A buyer in no company: the shop asks for their company on every page, and hears null, 200.
  const companyAnswers: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/v1/company') companyAnswers.push(res.status());
  });
  const started = Date.now();
  await page.goto('/quick-order');
  await page.getByLabel('Part numbers and quantities').fill(bom);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'lines ready' })).toHaveText(
    '30 of 30 lines ready',
  );
  await page.getByRole('button', { name: 'Add all valid lines to the cart' }).click();
  await expect(page.getByText('30 parts added to your cart').first()).toBeVisible();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page.getByText('30 lines')).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await fillAddress(page, {
    name: 'Plant 2 Receiving',
    line1: '400 Industrial Pkwy',
    city: 'Joliet',
    region: 'Illinois',
    postalCode: '60431',
    country: 'United States',
    phone: '+1 815 555 0190',
  });
  await page.getByLabel('PO number (optional)').fill('PO-BOM-30');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const orderId = page.url().split('/').pop() ?? '';
  const placed = (await (await request.get(`/api/v1/myPurchase/${orderId}`)).json()).data;
  // The summary counts lines and pieces and shows the server's total, not line 1's price × all.
  const pieces = placed.lines.reduce((sum: number, l: { quantity: number }) => sum + l.quantity, 0);
  await expect(page.getByTestId('payment-counts')).toHaveText(`30 lines · ${formatPieces(pieces)}`);
  await expect(page.getByRole('list', { name: 'Order lines' }).getByRole('listitem')).toHaveCount(
    30,
  );
  await expect(page.getByTestId('payment-total')).toHaveText(formatPrice(placed.price));
  await shoot(page, 'payment-30-lines');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible();
  // The invoice is linked right there, as well as in My Orders.
  const paidNow = page.waitForEvent('download');
  await page
    .getByRole('status')
    .getByRole('link', { name: /^Invoice \d{4}-\d{6}$/ })
    .click();
  expect((await paidNow).suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
  await shoot(page, 'payment-completed');
  await page.goto('/dashboard');
  const row = page.getByTestId('order-row').filter({ hasText: 'PO PO-BOM-30' });
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: /^Invoice / }).click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
  const seconds = (Date.now() - started) / 1000;
  console.log(`30-line parts list to a paid order with its invoice: ${seconds.toFixed(1)} s`);

  expect(companyAnswers.length).toBeGreaterThan(0);
  expect(companyAnswers.every((status) => status === 200)).toBe(true);

  const order = (await (await request.get(`/api/v1/myPurchase/${orderId}`)).json()).data;
  expect(order.lines).toHaveLength(30);
  expect(order.paid).toBe(true);
  expect(order.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
  const sum = order.lines.reduce(
    (cents: number, line: { lineTotal: number }) => cents + Math.round(line.lineTotal * 100),
    0,
  );
  expect(Math.round(order.price * 100)).toBe(sum);
});
