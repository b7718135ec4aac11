import { type Locator, type Page, request } from '@playwright/test';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { labelProblems } from '../support/chart-labels.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth, WIDTHS } from '../support/widths.ts';

/** The length of the longest bar drawn, in px: a chart of zeros draws bars of length 0. */
const longestBar = (bars: Locator) =>
  bars.evaluateAll((lines) =>
    Math.max(
      0,
      ...lines.map((line) => {
        const at = (name: string) => Number(line.getAttribute(name));
        return Math.hypot(at('x2') - at('x1'), at('y2') - at('y1'));
      }),
    ),
  );

/**
 * The page at `width`, once its charts are drawn for it: Chartist draws again on the window's
 * resize, and a chart that turns narrow (or wide) draws again on React's next render.
 */
async function resizeCharts(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100))))',
  );
}

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('an admin picks a range and the sales dashboard draws its charts (on a phone; the charts drawn at 375, 768 and 1280 px)', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  // A customer buys a part far from the home page's newest six and pays by card; a large order,
  // so that they are among the top customers whatever else sold today.
  const buyer = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const customer = newAccount('salesbuyer');
  await signUpByApi(buyer, customer);
  // Half the stock at most (the units-against-stock chart then has stock left to draw), for at
  // most $250,000: of 40 parts, the one that makes the largest such order.
  type Tool = { _id: string; name: string; price: number; availableQuantity: number };
  const quantityOf = (t: Tool) =>
    Math.min(Math.floor(t.availableQuantity / 2), Math.ceil(250_000 / t.price));
  const tools: Tool[] = (await (await buyer.get('/api/v1/tools?limit=40&offset=210')).json()).data;
  tools.sort((a, b) => quantityOf(b) * b.price - quantityOf(a) * a.price);
  const tool = tools[0] as Tool & { minimumOrderQuantity: number };
  const quantity = Math.max(tool.minimumOrderQuantity, quantityOf(tool));
  const placed = await buyer.post('/api/v1/purchase', {
    data: { toolId: tool._id, quantity, address: '1 Mill Road', phone: '555 0100' },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = (await placed.json()).data.insertedId;
  const intent = await buyer.post('/api/v1/create-payment-intent', { data: { orderId } });
  const confirmed = await buyer.post('/api/v1/sandbox/confirm', {
    data: {
      clientSecret: (await intent.json()).data.clientSecret,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    },
  });
  const paid = await buyer.patch(`/api/v1/myPurchase/${orderId}`, {
    data: { transactionId: (await confirmed.json()).data.paymentIntentId },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await buyer.dispose();

  await signUpAdminByApi(page.context().request);
  await page.goto('/dashboard');
  // A phone: the dashboard's links are in its menu.
  await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Sales' })
    .click();
  await expect(page).toHaveTitle('Sales | Proper Parts');

  // A range the other way round is marked in red and not shown.
  const form = page.getByRole('form', { name: 'Choose the range' });
  await form.getByLabel('From').fill(day(1));
  await form.getByLabel('To (included)').fill(day(-6));
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(form.getByLabel('To (included)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('from must not be after to')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This range cannot be shown');

  // The last week, day by day (tomorrow too: the shop's day may run ahead of the browser's).
  await form.getByLabel('From').fill(day(-6));
  await form.getByLabel('To (included)').fill(day(1));
  await form.getByLabel('Revenue per').selectOption('day');
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day(-6)}&to=${day(1)}&interval=day`));

  const revenueChart = page.getByRole('img', { name: /^Revenue per day from/ });
  await expect(revenueChart).toBeVisible();
  await expect(revenueChart.locator('svg .ct-bar')).toHaveCount(8);
  const cards = page.getByTestId('sales-card');
  await expect(cards).toHaveCount(6);
  const charts = [
    'Orders by status',
    'Units sold against stock',
    'Top products',
    'Top brands',
    'Top customers',
  ].map((name) => page.getByRole('region', { name }));
  for (const card of charts)
    await expect(card.getByRole('img')).toHaveAttribute('aria-label', /.+/);
  // Drawn at each width, every chart draws bars and its labels keep to one line each.
  for (const width of WIDTHS) {
    await resizeCharts(page, width);
    await expect
      .poll(() => longestBar(revenueChart.locator('svg .ct-bar')), { message: `at ${width} px` })
      .toBeGreaterThan(10);
    // Issue 31: the days' labels overlapped and wrapped at 375 px.
    await expect.poll(() => labelProblems(revenueChart), { message: `at ${width} px` }).toEqual([]);
    for (const card of charts) {
      await expect
        .poll(() => longestBar(card.locator('svg .ct-bar')), { message: `at ${width} px` })
        .toBeGreaterThan(10);
      // Names beside the bars keep to one line (they wrapped into the next row, and were cut).
      await expect
        .poll(() => labelProblems(card.getByRole('img')), { message: `at ${width} px` })
        .toEqual([]);
    }
  }
  await resizeCharts(page, 375);
  // A name cut short is whole in its title.
  const titles = page
    .getByRole('region', { name: 'Top products' })
    .locator('.ct-label[title]')
    .evaluateAll((labels) => labels.map((label) => label.getAttribute('title')));
  expect(await titles).toContain(tool.name);
  await expect(page.getByRole('table', { name: 'Top customers' })).toContainText(customer.email);
  await expect(page.getByRole('table', { name: 'Top products' })).toContainText(tool.name);
  await expect(page.getByRole('table', { name: 'Units sold against stock' })).toContainText(
    tool.name,
  );
  await expect(page.getByText(/Days in the shop's time zone, UTC/)).toBeVisible();
  const revenue = page
    .locator('dt', { hasText: 'Revenue' })
    .locator('xpath=following-sibling::dd[1]');
  await expect(revenue).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
  // Issue 33: tax and freight collected, apart from the revenue, in view at every width.
  const apart = page.getByRole('region', { name: 'Collected apart from revenue' });
  for (const name of ['Tax collected', 'Freight collected'])
    await expect(
      apart.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
  await expect(apart).toBeVisible();
  await atEachWidth(page, 'sales-dashboard', apart);

  // A preset: the last 12 months, month by month.
  await form.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(page).toHaveURL(/interval=month/);
  const monthChart = page.getByRole('img', { name: /^Revenue per month/ });
  await expect(monthChart.locator('svg .ct-bar')).toHaveCount(12);
  for (const width of WIDTHS) {
    await resizeCharts(page, width);
    await expect.poll(() => labelProblems(monthChart), { message: `at ${width} px` }).toEqual([]);
  }
});
