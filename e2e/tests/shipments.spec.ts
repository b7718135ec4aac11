import type { APIRequestContext } from '@playwright/test';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';
import { atEachWidth, expectNoOverflow } from '../support/widths.ts';

interface Tool {
  _id: string;
  name: string;
  minimumOrderQuantity: number;
}

/** A paid order of two demo parts (twice the minimum of each), placed and paid through the API. */
async function paidOrderOfTwoParts(request: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const tools = ((await (await request.get('/api/v1/tools?limit=20')).json()).data as Tool[]).slice(
    9,
    11,
  );
  for (const tool of tools)
    await request.put(`/api/v1/cart/lines/${tool._id}`, {
      data: { quantity: tool.minimumOrderQuantity * 2 },
      headers,
    });
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
  return { orderId, tools: tools as [Tool, Tool] };
}

/** Nothing wider than the window: no sideways scrolling. */
test('an admin ships an order in two shipments with tracking; the buyer sees both in My Orders', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = newAccount('shipbuyer');
  await signUpByApi(page.context().request, buyer);
  const { tools } = await paidOrderOfTwoParts(page.context().request, baseURL ?? '');
  const [first, second] = tools;

  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  await signUpAdminByApi(adminContext.request);
  const admin = await adminContext.newPage();
  await admin.goto('/dashboard/manageOrder');
  const row = admin.getByTestId('manage-order-row').filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);

  /** The row's one Ship part… form (drawn once, whatever the width). */
  const shipForm = () => row.getByTestId('ship-form');
  await expect(shipForm()).toHaveCount(1);

  // First shipment: half of the first line, none of the second, by UPS.
  await shipForm().locator('summary').click();
  const pieces = shipForm().getByRole('spinbutton');
  await expect(pieces).toHaveCount(2);
  await expect(pieces.nth(0)).toHaveValue(String(first.minimumOrderQuantity * 2));
  await pieces.nth(0).fill(String(first.minimumOrderQuantity));
  await pieces.nth(1).fill('0');
  // Without a carrier or tracking number: a red line under each, nothing sent.
  await shipForm().getByRole('button', { name: 'Ship these pieces' }).click();
  await expect(shipForm().getByLabel('Carrier')).toHaveAccessibleDescription('Carrier is required');
  await expect(shipForm().getByLabel('Tracking number')).toHaveAccessibleDescription(
    'Tracking number is required',
  );
  await shipForm().getByLabel('Carrier').fill('UPS');
  await shipForm().getByLabel('Tracking number').fill('1Z999AA10123456784');
  await shoot(admin, 'ship-form', { fullPage: false });
  await shipForm().getByRole('button', { name: 'Ship these pieces' }).click();
  await expect(admin.getByText('Shipment sent; the buyer is mailed')).toBeVisible();
  await expect(row).toContainText('Partially shipped');

  // Second shipment: what is left (the form starts there), by FedEx.
  // The form starts afresh (closed) once the order's shipped pieces change.
  if (!(await shipForm().evaluate((details) => (details as { open: boolean }).open)))
    await shipForm().locator('summary').click();
  await expect(pieces).toHaveCount(2);
  await expect(pieces.nth(0)).toHaveValue(String(first.minimumOrderQuantity));
  await expect(pieces.nth(1)).toHaveValue(String(second.minimumOrderQuantity * 2));
  await shipForm().getByLabel('Carrier').fill('FedEx');
  await shipForm().getByLabel('Tracking number').fill('794612345678');
  await shipForm().getByRole('button', { name: 'Ship these pieces' }).click();
  await expect(row.getByTestId('ship-form')).toHaveCount(0);
  await expect(row).toContainText('Shipped');
  await adminContext.close();

  // The buyer's My Orders: both shipments, their tracking links, lines and packing slips.
  await page.goto('/dashboard');
  const order = page.getByTestId('order-row').filter({ hasText: first.name });
  await order.getByText('2 shipments').click();
  const shipments = order.getByTestId('shipment');
  await expect(shipments).toHaveCount(2);
  await expect(shipments.nth(0)).toContainText('UPS');
  await expect(shipments.nth(0).getByRole('link', { name: /1Z999AA10123456784/ })).toHaveAttribute(
    'href',
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  );
  await expect(shipments.nth(0)).not.toContainText(second.name);
  await expect(shipments.nth(1)).toContainText('FedEx');
  await expect(shipments.nth(1)).toContainText(second.name);
  const fedex = shipments.nth(1).getByRole('link', { name: /794612345678/ });
  await expect(fedex).toHaveAttribute('href', /fedex\.com.*794612345678/);
  const slip = shipments.nth(1).getByRole('link', { name: 'Packing slip' });
  const pdf = await page.context().request.get((await slip.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await atEachWidth(page, 'my-orders-shipments', fedex);
});

test('on a phone, an admin ships part of an order, then cancels the rest: its stock comes back', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = newAccount('cancelrest');
  await signUpByApi(page.context().request, buyer);
  const { orderId, tools } = await paidOrderOfTwoParts(page.context().request, baseURL ?? '');
  const [first, second] = tools;

  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
    viewport: { width: 375, height: 800 },
  });
  await signUpAdminByApi(adminContext.request);
  const stockOf = async (tool: Tool) =>
    (await (await adminContext.request.get(`/api/v1/tools/${tool._id}`)).json()).data
      .availableQuantity as number;
  const admin = await adminContext.newPage();
  await admin.goto('/dashboard/manageOrder');
  const row = admin.getByTestId('manage-order-row').filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  // One Ship form, in view on a phone, and no sideways scrolling.
  const shipForm = row.getByTestId('ship-form');
  await expect(shipForm).toHaveCount(1);
  await shipForm.locator('summary').click();
  const pieces = shipForm.getByRole('spinbutton');
  await pieces.nth(0).fill(String(first.minimumOrderQuantity));
  await pieces.nth(1).fill('0');
  await shipForm.getByLabel('Carrier').fill('USPS');
  await shipForm.getByLabel('Tracking number').fill('9400111899223197428490');
  await shipForm.getByRole('button', { name: 'Ship these pieces' }).click();
  await expect(admin.getByText('Shipment sent; the buyer is mailed')).toBeVisible();
  await expect(row).toContainText('Partially shipped');
  await expectNoOverflow(admin);
  const before = [await stockOf(first), await stockOf(second)];

  // Cancel the rest: asked first, naming what will not ship; keeping the order changes nothing.
  const cancelRest = row.getByRole('button', { name: 'Cancel the rest' });
  await cancelRest.click();
  const dialog = admin.getByRole('dialog', { name: 'Cancel what has not shipped?' });
  const rest = dialog.getByRole('list', { name: 'Pieces not shipped' }).getByRole('listitem');
  await expect(rest).toHaveCount(2);
  await expect(rest.nth(1)).toContainText(second.name);
  await shoot(admin, 'cancel-the-rest-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Partially shipped');
  await cancelRest.click();
  await dialog.getByRole('button', { name: 'Yes, cancel the rest' }).click();
  await expect(
    admin.getByText('The unshipped rest of the order was cancelled; its stock is back'),
  ).toBeVisible();
  // The order reads shipped, with nothing left to ship or cancel; the rest's stock is back.
  await expect(row.getByTestId('ship-form')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Cancel the rest' })).toHaveCount(0);
  await expect(row).toContainText('Shipped');
  await expect
    .poll(async () => [await stockOf(first), await stockOf(second)])
    .toEqual([
      before[0]! + first.minimumOrderQuantity,
      before[1]! + second.minimumOrderQuantity * 2,
    ]);
  const order = (await (await adminContext.request.get(`/api/v1/myPurchase/${orderId}`)).json())
    .data;
  expect(order.status).toBe('shipped');
  await atEachWidth(admin, 'manage-orders-cancelled-rest', row);
  await adminContext.close();
});
