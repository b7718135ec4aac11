import type { APIRequestContext } from '@playwright/test';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { atEachWidth } from '../support/widths.ts';

interface Tool {
  _id: string;
  sku?: string;
  slug?: string;
  minimumOrderQuantity: number;
  packSize?: number;
}

/** A paid order of `quantity` of one part, placed and paid through the API. */
async function paidOrder(
  request: APIRequestContext,
  baseURL: string,
  tool: Tool,
  quantity: number,
) {
  const headers = { origin: baseURL };
  await request.put(`/api/v1/cart/lines/${tool._id}`, { data: { quantity }, headers });
  const placed = await request.post('/api/v1/orders', {
    data: { address: '1 Mill Rd, Peoria IL 61602', phone: '+1 309 555 0100' },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = (await placed.json()).data._id as string;
  const intent = await request.post('/api/v1/create-payment-intent', {
    data: { orderId },
    headers,
  });
  const { clientSecret } = (await intent.json()).data;
  const confirm = await request.post('/api/v1/sandbox/confirm', {
    data: { clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
    headers,
  });
  const paid = await request.patch(`/api/v1/myPurchase/${orderId}`, {
    data: { transactionId: (await confirm.json()).data.paymentIntentId },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return orderId;
}

/**
 * The admin's warehouses, stock import and two-warehouse shipping, run once on a desktop; each
 * screen is checked at 375, 768 and 1280 px (atEachWidth). The buyer orders through the API.
 */
test('the admin adds a warehouse and imports stock with a progress bar; an order split across two warehouses ships in two shipments (the admin on a desktop; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAdminByApi(page.context().request);
  const name = `Leeds ${Date.now() % 1_000_000}`;

  // The admin adds a warehouse on Warehouses & stock.
  await page.goto('/dashboard/warehouses');
  await page.getByText('Add a warehouse').click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Public name').fill(name);
  await page.getByLabel('Country').fill('GB');
  await page.getByLabel('Ships to').fill('all');
  await page.getByRole('button', { name: 'Add warehouse' }).click();
  await expect(page.getByTestId('warehouses-table')).toContainText(name);
  // Sent empty, the stock form says what it needs under each field, and changes nothing.
  const save = page.getByRole('button', { name: 'Save stock' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const noSku = page.getByText('Give the part’s SKU');
  await expect(noSku).toBeVisible();
  await expect(page.getByText('Say why the stock changes')).toBeVisible();
  await atEachWidth(page, 'warehouses-stock-form', noSku);

  // A warehouse added by mistake: its public name changed in a dialog, then removed.
  const table = page.getByTestId('warehouses-table');
  const spare = `Spare ${Date.now() % 1_000_000}`;
  await page.getByLabel('Name', { exact: true }).fill(spare);
  await page.getByLabel('Public name').fill(spare);
  await page.getByLabel('Country').fill('GB');
  await page.getByRole('button', { name: 'Add warehouse' }).click();
  await expect(table).toContainText(spare);
  await page.getByRole('button', { name: `Edit ${spare}` }).click();
  const editing = page.getByRole('dialog', { name: `Edit ${spare}` });
  await expect(editing.getByLabel('Name', { exact: true })).toHaveValue(spare);
  await editing.getByLabel('Public name').fill(`${spare} (old)`);
  await atEachWidth(
    page,
    'warehouses-edit',
    editing.getByRole('button', { name: 'Save warehouse' }),
  );
  await editing.getByRole('button', { name: 'Save warehouse' }).click();
  await expect(editing).toBeHidden();
  await expect(table).toContainText(`${spare} (old)`);
  await page.getByRole('button', { name: `Remove ${spare}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${spare}?` })
    .getByRole('button', { name: 'Yes, remove it' })
    .click();
  await expect(table).not.toContainText(spare);

  // A demo part, sold by the piece, its stock then set by the import: 3 in Main, 5 in the new one.
  const tools = (await (await page.context().request.get('/api/v1/tools?limit=40')).json())
    .data as Tool[];
  const tool = tools.filter((t) => t.minimumOrderQuantity <= 4 && (t.packSize ?? 1) === 1)[2];
  if (!tool) throw new Error('no demo part fits');
  const product = (
    await (await page.context().request.get(`/api/v1/catalog/products/${tool._id}`)).json()
  ).data as { sku: string; slug: string };
  const junk = Array.from({ length: 30_000 }, (_, i) => `NO-SUCH-${i},Main,1`);
  const csv = [
    'sku,warehouse,quantity',
    `${product.sku},Main,3`,
    `${product.sku},${name},5`,
    ...junk,
  ].join('\n');
  const stockImport = page.getByRole('region', { name: 'Import stock (CSV)' });
  await stockImport.locator('input[type=file]').setInputFiles({
    name: 'stock.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await stockImport.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(stockImport.getByLabel('Import progress')).toBeVisible();
  await expect(stockImport.getByText(/Import finished: /)).toBeVisible({ timeout: 120_000 });
  // The bar is gone once the import ends: the report (its table of refused lines) is checked.
  await atEachWidth(page, 'warehouses-import', stockImport.getByTestId('import-report'));

  // A supplier's confirmation: 40 more of the part on a day ahead, and a line for no such part.
  const expectedOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const orders = page.getByRole('region', { name: 'Import purchase orders (CSV)' });
  await orders.locator('input[type=file]').setInputFiles({
    name: 'purchase-orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `sku,quantity,expected_on\n${product.sku.toLowerCase()},40,${expectedOn}\nNO-SUCH-PART,5,${expectedOn}\n`,
    ),
  });
  await orders.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(orders.getByText('Import finished: 1 added, 1 refused.')).toBeVisible();
  await expect(orders.getByTestId('import-report')).toContainText('NO-SUCH-PART');
  await atEachWidth(page, 'warehouses-purchase-order-import', orders.getByTestId('import-report'));
  const incoming = await page
    .context()
    .request.get(`/api/v1/admin/purchase-orders?productId=${tool._id}`);
  expect((await incoming.json()).data).toEqual([
    expect.objectContaining({ quantity: 40, expectedOn, promised: 0 }),
  ]);

  // The product page says where the stock lies.
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByTestId('warehouse-stock')).toContainText(`5 in ${name}`, {
    timeout: 10_000,
  });
  await atEachWidth(page, 'warehouses-product-stock', page.getByTestId('warehouse-stock'));

  // A buyer orders 8: 3 from Main and 5 from the new warehouse.
  const buyerContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  const buyer = newAccount('whbuyer');
  await signUpByApi(buyerContext.request, buyer);
  const orderId = await paidOrder(buyerContext.request, baseURL ?? '', tool, 8);

  // Manage Orders: the ship form shows what each warehouse must pick; two shipments.
  await page.goto('/dashboard/manageOrder');
  const row = page.getByTestId('manage-order-row').filter({ hasText: buyer.email });
  const shipForm = () => row.getByTestId('ship-form');
  for (const tracking of ['1Z999AA10123456784', '1Z999AA10123456785']) {
    if (!(await shipForm().evaluate((details) => (details as { open: boolean }).open)))
      await shipForm().locator('summary').click();
    await expect(shipForm().getByTestId('pick-lists')).toBeVisible();
    await shipForm().getByLabel('Carrier').fill('UPS');
    await shipForm().getByLabel('Tracking number').fill(tracking);
    if (tracking.endsWith('84')) {
      await expect(shipForm().getByTestId('pick-lists')).toContainText(name);
      await atEachWidth(page, 'warehouses-pick-lists', shipForm().getByTestId('pick-lists'));
    }
    await shipForm().getByRole('button', { name: 'Ship these pieces' }).click();
    await expect(page.getByText('Shipment sent; the buyer is mailed').first()).toBeVisible();
  }
  await expect(row).toContainText('Shipped');
  await atEachWidth(page, 'warehouses-order-shipped', row);
  const shipments = (
    await (await buyerContext.request.get(`/api/v1/orders/${orderId}/shipments`)).json()
  ).data as { warehouse: string; lines: { quantity: number }[] }[];
  expect(shipments.map((s) => [s.warehouse, s.lines[0]?.quantity]).sort()).toEqual(
    [
      ['Main', 3],
      [name, 5],
    ].sort(),
  );
  await buyerContext.close();
});
