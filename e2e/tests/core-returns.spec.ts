import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';
import { atEachWidth } from '../support/widths.ts';

/** A 48 × 36 PNG: the buyer's photo of the old unit. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAkCAIAAABAJy5dAAAAO0lEQVR4nO3OMQ0AIBAAsZeDHGQjCw1Mx9CkAjpnr69MPhASEhKqB0JCQkL1QEhISKgeCAkJCdUDoUcXN0VweSvpCwsAAAAASUVORK5CYII=',
  'base64',
);

/**
 * Issue 37: a remanufactured alternator carries a $45.50 core deposit (imported by CSV, checked
 * in the admin's edit form). A buyer orders 2, is charged the deposits as a line of their own,
 * sends one old unit back in time with a photo; the admin sees the photo, approves, receives and
 * refunds; the buyer sees the deposit given back.
 */
test('a buyer returns a core in time with a photo and sees the deposit refunded', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const origin = baseURL ?? '';
  const stamp = Date.now().toString(36).toUpperCase();
  const sku = `ALT-REMAN-${stamp}`;
  const adminContext = await browser.newContext({ baseURL, extraHTTPHeaders: { origin } });
  await signUpAdminByApi(adminContext.request);
  const admin = await adminContext.newPage();
  const imported = await adminContext.request.post('/api/v1/catalog/import', {
    multipart: {
      file: {
        name: 'parts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `sku,name,category,price,minimumOrderQuantity,availableQuantity,coreDeposit,coreReturnDays\n${sku},Reman Alternator ${stamp},ball-bearings,189.99,1,40,45.50,30\n`,
        ),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const found = await adminContext.request.get(`/api/v1/catalog/search?q=${sku}`);
  const part = (await found.json()).data.items.find((i: { sku: string }) => i.sku === sku) as {
    _id: string;
    slug: string;
  };
  try {
    // The edit form shows the deposit and its window; a negative deposit gets a red line.
    await admin.goto(`/dashboard/manageProducts/${part._id}/edit`);
    const deposit = admin.getByLabel('Core deposit ($ per piece)');
    await expect(deposit).toHaveValue('45.5');
    await expect(admin.getByLabel('Core return window (days)')).toHaveValue('30');
    await deposit.fill('-5');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText('Core deposit must be 0 (none) or more')).toBeVisible();
    await expect(deposit).toHaveAttribute('aria-invalid', 'true');
    await deposit.evaluate((field) => field.scrollIntoView({ block: 'center' }));
    await shoot(admin, 'core-deposit-admin-edit-error', { fullPage: false });
    await deposit.fill('45.50');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin.getByText('Nothing has changed')).toBeVisible();

    // The buyer's cart and order carry the deposit as a line of its own.
    const request = page.context().request;
    await signUpByApi(request, newAccount('corebuyer'));
    await page.goto(`/products/${part.slug}`);
    await expect(page.getByTestId('core-deposit')).toContainText(
      'Plus a core deposit of $45.50 per piece',
    );
    const put = await request.put(`/api/v1/cart/lines/${part._id}`, {
      data: { quantity: 2 },
      headers: { origin },
    });
    expect(put.status(), await put.text()).toBe(200);
    await page.goto('/cart');
    await expect(page.getByTestId('cart-core-deposit')).toContainText('+ core deposit $45.50 each');
    await expect(page.getByTestId('cart-deposits')).toHaveText(
      'Includes $91 of refundable core deposits',
    );
    await expect(page.getByTestId('cart-total')).toHaveText('$470.98');
    await shoot(page, 'core-deposit-cart', { fullPage: false });
    const placed = await request.post('/api/v1/orders', {
      data: { address: '1 Mill Rd, Peoria IL 61602', phone: '+1 309 555 0100' },
      headers: { origin },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const order = (await placed.json()).data;
    expect(order).toMatchObject({ subtotal: 379.98, deposits: 91, total: 470.98 });
    const intent = await request.post('/api/v1/create-payment-intent', {
      data: { orderId: order._id },
      headers: { origin },
    });
    const { clientSecret } = (await intent.json()).data;
    const confirm = await request.post('/api/v1/sandbox/confirm', {
      data: { clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
      headers: { origin },
    });
    const paid = await request.patch(`/api/v1/myPurchase/${order._id}`, {
      data: { transactionId: (await confirm.json()).data.paymentIntentId },
      headers: { origin },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const shipped = await adminContext.request.post(`/api/v1/manageOrder/${order._id}/shipments`, {
      data: {
        lines: [{ productId: part._id, quantity: 2 }],
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    // My Orders: the deposit line says until when the old unit may come back.
    await page.goto('/dashboard');
    const row = page.getByTestId('order-row').filter({ hasText: `Reman Alternator ${stamp}` });
    const depositLine = row.getByTestId('core-deposit-line');
    await expect(depositLine).toContainText(`Core deposit: Reman Alternator ${stamp}`);
    await expect(depositLine).toContainText(/2\s+pcs × \$45\.50 = \$91(\.00)?/);
    await expect(depositLine).toContainText('Refunded when the old unit comes back by');
    // One old unit goes back as a core, with a photo.
    const form = row.getByTestId('return-form');
    await form.locator('summary').click();
    await form.getByLabel(/^Pieces of .* to return$/).fill('1');
    await form.getByLabel(/^Why return /).selectOption('core_return');
    await form
      .getByLabel('Photos of the parts')
      .setInputFiles({ name: 'core.png', mimeType: 'image/png', buffer: PHOTO });
    await shoot(page, 'core-return-form', { fullPage: false });
    await form.getByRole('button', { name: 'Ask to return' }).click();
    await expect(page.getByText('Return requested; we will mail you our answer')).toBeVisible();

    // The admin sees the photo and the deposit to give back, approves, receives and refunds.
    await admin.goto('/dashboard/manage-returns');
    const adminRow = admin.getByTestId('admin-return-row').filter({ hasText: sku });
    await expect(adminRow).toHaveCount(1);
    await expect(adminRow).toContainText(`Reman Alternator ${stamp}: 1 · Core return`);
    await expect(adminRow.getByTestId('deposit-refundable')).toContainText('Core deposit $45.50');
    const photo = adminRow.getByRole('img', { name: /returned parts/ });
    await expect(photo).toHaveCount(1);
    await expect
      .poll(() =>
        photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBe(48);
    await shoot(admin, 'core-return-admin-photo');
    await adminRow.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText(/^Approved: RMA-\d{4}-\d{6}$/)).toBeVisible();
    const rma = ((await admin.getByText(/^Approved: RMA-/).textContent()) ?? '').replace(
      'Approved: ',
      '',
    );
    await admin.getByLabel('Show').selectOption('approved');
    const approved = admin.getByTestId('admin-return-row').filter({ hasText: rma });
    await approved.getByRole('button', { name: 'Record receipt' }).click();
    await expect(admin.getByText('Return received')).toBeVisible();
    await admin.getByLabel('Show').selectOption('received');
    const received = admin.getByTestId('admin-return-row').filter({ hasText: rma });
    await received.getByRole('button', { name: 'Refund to card' }).click();
    // The deposit alone (no tax was charged on this order): the buyer keeps the alternator.
    await expect(admin.getByText('Refunded $45.50 to the card', { exact: true })).toBeVisible();
    await expect(received).toContainText('Refunded $45.50 to the card');
    await atEachWidth(admin, 'core-return-admin-refunded', received);

    // The buyer sees the deposit given back on My returns and on the order.
    await page.goto('/dashboard/returns');
    const mine = page.getByTestId('return-row').filter({ hasText: rma });
    await expect(mine).toContainText('Refunded $45.50 to the card');
    await expect(mine.getByTestId('deposit-refundable')).toContainText(
      'Core deposit $45.50 ($45.50 each, with its tax) given back',
    );
    await expect(mine.getByRole('img', { name: /returned parts/ })).toHaveCount(1);
    await atEachWidth(page, 'core-return-my-returns', mine);
    await page.goto('/dashboard');
    await expect(depositLine).toContainText('1 core returned in time: deposit given back');
    await expect(depositLine).toContainText('Refunded when the old unit comes back by');
    await atEachWidth(page, 'core-return-my-orders', depositLine);
  } finally {
    // The journeys after this one expect the demo's featured six on the home page.
    const removed = await adminContext.request.delete(`/api/v1/tools/${part._id}`);
    expect(removed.status(), await removed.text()).toBe(200);
    await adminContext.close();
  }
});
