import type { APIRequestContext, Page } from '@playwright/test';
import { readPdf } from '../../server/test/pdf-text.ts';
import { newAccount, signUpByApi } from '../support/accounts.ts';
import { fillAddress, leeds, peoria } from '../support/addresses.ts';
import { invite, joinFromMail } from '../support/company-invitations.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

/**
 * Issue 35: a company admin imports the company's own part numbers from a CSV (with its progress
 * bar and report); a buyer of the company quick-orders by those numbers, sees them beside the
 * SKUs in the cart, on the order and on its invoice. The admin works at a desk (1280 px), the
 * buyer on a phone (375 px); each screen they reach is checked at 375, 768 and 1280 px.
 */

interface Item {
  _id: string;
  sku: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize: number;
}

/** Two demo parts sold one by one, in stock. */
async function twoParts(request: APIRequestContext): Promise<Item[]> {
  const res = await request.get('/api/v1/catalog/search?q=seal&limit=60&inStock=true');
  const items = ((await res.json()).data.items as Item[]).filter(
    (item) => item.packSize === 1 && item.availableQuantity >= item.minimumOrderQuantity * 3,
  );
  const picked = items.slice(0, 2);
  if (picked.length < 2) throw new Error(`not enough demo parts (${items.length})`);
  return picked;
}

async function payByForm(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

test('a company admin imports part numbers, a buyer quick-orders by them and finds them on the order and invoice (the admin on a desktop, the buyer on a phone; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // A digit first: the invoice wraps "Your no. ACME-…" at the hyphen, but not before a digit.
  const stamp = `1${Date.now().toString(36)}`.toUpperCase();
  const owner = newAccount('owner');
  const buyer = newAccount('buyer');

  // The company admin makes the company.
  await signUpByApi(page.context().request, owner);
  await page.goto('/dashboard/company');
  await page.getByLabel('Legal name').fill(`Numbers ${stamp} Ltd`);
  await fillAddress(page, leeds);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByRole('heading', { name: 'Part numbers', exact: true })).toBeVisible();

  // Imports a CSV of the company's own numbers: progress, then the report.
  const [first, second] = await twoParts(page.context().request);
  if (!first || !second) throw new Error('no parts');
  const own = [`ACME-${stamp}-1`, `ACME-${stamp}-2`];
  const csv = `customer_part_number,sku\n${own[0]},${first.sku}\n${own[1]},${second.sku}\nACME-${stamp}-X,NO-SUCH-SKU\n`;
  await page.getByLabel('CSV file').setInputFiles({
    name: 'our-numbers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText(
    'Import finished: 2 added, 0 updated, 0 unchanged, 1 refused.',
  );
  await expect(report).toContainText('sku: no product has the SKU NO-SUCH-SKU');
  await page.reload();
  const entries = page.getByTestId('part-number');
  await expect(entries).toHaveCount(2);
  await page.getByLabel('Find a part number').fill(`${stamp}-2`);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(second.sku);
  await page.getByLabel('Find a part number').fill('');
  await atEachWidth(page, 'part-numbers-company', entries.first());

  // A buyer joins, and quick-orders by the company's numbers (typed in another case).
  await invite(page, buyer.email, 'Buyer');
  const buyerPage = await joinFromMail(browser, baseURL ?? '', 375, buyer);
  await buyerPage.goto('/quick-order');
  await buyerPage
    .getByLabel('Part numbers and quantities')
    .fill(
      `${own[0]?.toLowerCase()} ${first.minimumOrderQuantity}\n${own[1]} ${second.minimumOrderQuantity}`,
    );
  await buyerPage.getByRole('button', { name: 'Check lines' }).click();
  const lines = buyerPage.getByTestId('quick-order-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(first.sku);
  await expect(lines.nth(0).getByTestId('your-number')).toHaveText(`· Your no. ${own[0]}`);
  await expect(lines.nth(1).getByTestId('your-number')).toHaveText(`· Your no. ${own[1]}`);
  await atEachWidth(buyerPage, 'part-numbers-quick-order', lines.first());
  await buyerPage.getByRole('button', { name: 'Add all valid lines to the cart' }).click();
  await expect(buyerPage.getByText('2 parts added to your cart').first()).toBeVisible();

  // The cart says both numbers; the order is placed and paid.
  await buyerPage.goto('/cart');
  await expect(buyerPage.getByTestId('your-number')).toHaveText([
    `· Your no. ${own[0]}`,
    `· Your no. ${own[1]}`,
  ]);
  await atEachWidth(buyerPage, 'part-numbers-cart', buyerPage.getByTestId('your-number').first());
  await buyerPage.goto('/checkout');
  await fillAddress(buyerPage, peoria);
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/payment\//);
  const orderId = buyerPage.url().split('/').pop() ?? '';
  await expect(buyerPage.getByTestId('your-number')).toHaveCount(2);
  await atEachWidth(
    buyerPage,
    'part-numbers-payment',
    buyerPage.getByTestId('your-number').first(),
  );
  await payByForm(buyerPage);
  await expect(buyerPage.getByText('Congrats ! Your payment is completed')).toBeVisible();

  // My Orders lists the lines with the numbers; the invoice prints them beside the SKUs.
  await buyerPage.goto('/dashboard');
  const row = buyerPage.getByTestId('order-row').first();
  await row.getByText('2 lines').click();
  await expect(row.getByTestId('your-number')).toHaveText([
    `· Your no. ${own[0]}`,
    `· Your no. ${own[1]}`,
  ]);
  await atEachWidth(buyerPage, 'part-numbers-my-orders', row);
  const pdf = await buyerPage.context().request.get(`/api/v1/orders/${orderId}/invoice.pdf`);
  expect(pdf.status()).toBe(200);
  // The number wraps under the SKU in its narrow column: read as words.
  const text = (await readPdf(await pdf.body())).join('\n').replace(/\s+/g, ' ');
  for (const expected of [first.sku, second.sku, `Your no. ${own[0]}`, `Your no. ${own[1]}`])
    expect(text).toContain(expected);
});
