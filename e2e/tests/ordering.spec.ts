import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

interface Tool {
  _id: string;
  name: string;
  price: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
}

const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    trailingZeroDisplay: 'stripIfInteger',
  }).format(dollars);

/** Quantities as the shop writes them everywhere: `10,000`. */
const count = (n: number) => n.toLocaleString('en-US');

async function demoTool(request: APIRequestContext, index = 0): Promise<Tool> {
  const res = await request.get('/api/v1/tools?limit=20');
  const tools = (await res.json()).data as Tool[];
  const tool = tools[index];
  if (!tool) throw new Error('no demo product');
  return tool;
}

/** A customer signed in in `page`'s context; API calls from it carry the Origin header. */
async function customer(page: Page) {
  const account = newAccount('buyer');
  await signUpByApi(page.context().request, account);
  return account;
}

async function orderByApi(page: Page, baseURL: string, tool: Tool): Promise<string> {
  const res = await page.context().request.post('/api/v1/purchase', {
    data: { toolId: tool._id, quantity: tool.minimumOrderQuantity },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.insertedId;
}

async function payByForm(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

test('a customer buys, sees the order, pays with 4242… in the sandbox and sees it Paid', async ({
  page,
}) => {
  await customer(page);
  const tool = await demoTool(page.context().request, 3);
  await page.goto(`/purchase/${tool._id}`);
  const quantity = page.getByLabel('Quantity');
  await expect(quantity).toHaveValue(String(tool.minimumOrderQuantity));
  await expect(page.getByTestId('order-total')).toHaveText(
    usd(tool.minimumOrderQuantity * tool.price),
  );
  await shoot(page, 'purchase');

  // Below the minimum: the spec's toast, and no order.
  await quantity.fill(String(tool.minimumOrderQuantity - 1));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(
    page.getByText(
      `Order Quantity minimum ${count(tool.minimumOrderQuantity)} and less than ${count(tool.availableQuantity)}`,
    ),
  ).toBeVisible();

  const wanted = tool.minimumOrderQuantity + 1;
  await quantity.fill(String(wanted));
  await expect(page.getByTestId('order-total')).toHaveText(usd(wanted * tool.price));
  await page.getByLabel('Address (optional)').fill('1 Main St, Peru, IL');
  await page.getByLabel('Phone (optional)').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const thanks = page.getByText(/^Thanks For Purchase\. Your Purchase Id [0-9a-f-]{36}$/);
  await expect(thanks).toBeVisible();
  const orderId = ((await thanks.textContent()) ?? '').split(' ').at(-1) ?? '';
  await shoot(page, 'purchase-placed');

  await page.getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const row = page.getByTestId('order-row').filter({ hasText: tool.name });
  await expect(row).toContainText(`${count(wanted)}\u00a0pcs`);
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await shoot(page, 'my-orders');

  await row.getByRole('link', { name: 'Pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
  await expect(page.getByText('Test mode — no real charges')).toBeVisible();
  await expect(page.getByTestId('payment-total')).toHaveText(usd(wanted * tool.price));
  await shoot(page, 'payment');
  await payByForm(page, '4242 4242 4242 4242');
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible();
  const transactionId = (await page.getByTestId('transaction-id').textContent()) ?? '';
  expect(transactionId).toMatch(/^sbx_pi_/);
  await shoot(page, 'payment-done');

  await page.getByRole('link', { name: 'Back to My Orders' }).click();
  const paidRow = page.getByTestId('order-row').filter({ hasText: transactionId });
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
});

test('a declined card shows the message in red, and another card then pays', async ({
  page,
  baseURL,
}) => {
  await customer(page);
  const tool = await demoTool(page.context().request, 4);
  const orderId = await orderByApi(page, baseURL ?? '', tool);
  await page.goto(`/dashboard/payment/${orderId}`);
  await payByForm(page, '4000 0000 0000 0002');
  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-error/);
  await shoot(page, 'payment-declined');
  await payByForm(page, '4000 0000 0000 9995');
  await expect(page.getByText('Your card has insufficient funds.')).toBeVisible();
  await payByForm(page, '4242424242424242');
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible();
});

test('cancelling an order restores the stock shown on the product', async ({ page, baseURL }) => {
  await customer(page);
  const tool = await demoTool(page.context().request, 5);
  const available = page.locator('dt', { hasText: 'Available' }).locator('xpath=../dd');
  await page.goto(`/purchase/${tool._id}`);
  // The page reads quantities as people do: "45,000 pcs", number and unit never split.
  const before = Number.parseInt((await available.textContent())?.replaceAll(',', '') ?? '', 10);
  const pcs = (n: number) => `${n.toLocaleString('en-US')}\u00a0pcs`;
  await orderByApi(page, baseURL ?? '', tool);
  await page.reload();
  await expect(available).toHaveText(pcs(before - tool.minimumOrderQuantity));

  await page.goto('/dashboard');
  const row = page.getByTestId('order-row').filter({ hasText: tool.name });
  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeVisible();
  await shoot(page, 'cancel-modal');
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText(`${tool.name} - order is deleted.`)).toBeVisible();
  await expect(page.getByTestId('order-row').filter({ hasText: tool.name })).toHaveCount(0);

  await page.goto(`/purchase/${tool._id}`);
  await expect(available).toHaveText(pcs(before));
});

test('an admin ships a paid order and cannot delete it; an unpaid one is deleted', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = await customer(page);
  const tool = await demoTool(page.context().request, 6);
  const paidId = await orderByApi(page, baseURL ?? '', tool);
  const unpaidId = await orderByApi(page, baseURL ?? '', tool);
  await page.goto(`/dashboard/payment/${paidId}`);
  await payByForm(page, '4242 4242 4242 4242');
  await expect(page.getByText('Congrats ! Your payment is completed')).toBeVisible();

  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  await signUpAdminByApi(adminContext.request);
  const admin = await adminContext.newPage();
  await admin.goto('/dashboard/manageOrder');
  const rows = admin.getByTestId('manage-order-row').filter({ hasText: buyer.email });
  await expect(rows).toHaveCount(2);
  const paidRow = rows.filter({ hasText: 'Already Paid' });
  await expect(paidRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await shoot(admin, 'manage-orders');
  // The server refuses too.
  const refused = await adminContext.request.delete(`/api/v1/manageOrder/${paidId}`);
  expect(refused.status()).toBe(409);

  await paidRow.getByRole('button', { name: 'Shipped' }).click();
  await expect(admin.getByText('Order Shipped')).toBeVisible();
  await expect(paidRow.getByRole('button', { name: 'Shipped' })).toHaveCount(0);
  await expect(paidRow).toContainText('Shipped');

  const unpaidRow = rows.filter({ hasNotText: 'Already Paid' });
  await unpaidRow.getByRole('button', { name: 'Delete' }).click();
  await admin
    .getByRole('dialog', { name: 'Delete this order?' })
    .getByRole('button', { name: 'Yes, delete order' })
    .click();
  await expect(admin.getByText(`${tool.name} - Order is deleted.`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  const gone = await page.context().request.get(`/api/v1/myPurchase/${unpaidId}`);
  expect((await gone.json()).data.status).toBe('cancelled');

  // The customer sees it shipped.
  await page.goto('/dashboard');
  await expect(page.getByTestId('order-row').filter({ hasText: tool.name })).toContainText(
    'Shipped',
  );
  await adminContext.close();
});

test('a product whose stock fell below its minimum reads Out of stock on its card and page', async ({
  page,
  browser,
  baseURL,
}) => {
  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  await signUpAdminByApi(adminContext.request);
  const upload = await adminContext.request.post('/api/v1/uploads', {
    multipart: {
      image: {
        name: 'gear.jpg',
        mimeType: 'image/jpeg',
        buffer: readFileSync(new URL('../fixtures/spur-gear.jpg', import.meta.url)),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const name = `Last Bearings ${Date.now() % 1_000_000}`;
  const added = await adminContext.request.post('/api/v1/tools', {
    data: {
      name,
      img: (await upload.json()).data.url,
      description: 'Deep-groove ball bearings, 6204-2RS, sold in boxes of ten or more.',
      minimumOrderQuantity: 10,
      availableQuantity: 15,
      price: 3.2,
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const tool: Tool = {
    _id: (await added.json()).data.insertedId,
    name,
    price: 3.2,
    minimumOrderQuantity: 10,
    availableQuantity: 15,
  };
  // A buyer takes 10: the 5 left are below the minimum of 10.
  await customer(page);
  await orderByApi(page, baseURL ?? '', tool);

  await page.goto('/');
  const card = page.getByRole('article', { name });
  await expect(card.locator('.badge', { hasText: 'Out of stock' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
  await expect(card.getByRole('link', { name: 'Purchase Now' })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'out-of-stock-card');

  await page.goto(`/purchase/${tool._id}`);
  const notice = page.getByTestId('out-of-stock');
  await expect(notice).toContainText(
    'Only 5\u00a0pcs left, below the minimum order of 10\u00a0pcs.',
  );
  await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
  await shoot(page, 'out-of-stock-purchase');

  // The journeys after this one expect the demo's featured six on the home page.
  const removed = await adminContext.request.delete(`/api/v1/tools/${tool._id}`);
  expect(removed.status(), await removed.text()).toBe(200);
  await adminContext.close();
});
