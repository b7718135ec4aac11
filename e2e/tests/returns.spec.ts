import type { APIRequestContext } from '@playwright/test';
import { formatPrice } from '@proper-parts/domain/format';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';
import { atEachWidth } from '../support/widths.ts';

interface Tool {
  _id: string;
  name: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize?: number;
}

/** A paid order of 10 pieces of one demo part sold singly, placed and paid through the API. */
async function paidOrderOfTen(request: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const tools = (await (await request.get('/api/v1/tools?limit=100')).json()).data as Tool[];
  const tool = tools.find(
    (t) => t.minimumOrderQuantity <= 10 && (t.packSize ?? 1) === 1 && t.availableQuantity >= 50,
  );
  if (!tool) throw new Error('no demo part sold singly with 50 in stock');
  const put = await request.put(`/api/v1/cart/lines/${tool._id}`, {
    data: { quantity: 10 },
    headers,
  });
  expect(put.status(), await put.text()).toBe(200);
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
  return { orderId, tool };
}

/** Nothing wider than the window: no sideways scrolling. */
test('a buyer returns 2 of 10 shipped pieces; the admin approves, receives them into stock and refunds the card; the buyer sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = newAccount('returnbuyer');
  await signUpByApi(page.context().request, buyer);
  const { orderId, tool } = await paidOrderOfTen(page.context().request, baseURL ?? '');

  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  await signUpAdminByApi(adminContext.request);
  const shipped = await adminContext.request.post(`/api/v1/manageOrder/${orderId}/shipments`, {
    data: {
      lines: [{ productId: tool._id, quantity: 10 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const stockOf = async () =>
    (await (await adminContext.request.get(`/api/v1/tools/${tool._id}`)).json()).data
      .availableQuantity as number;

  // My Orders: the shipped order offers Return items; without a reason, a red line and nothing sent.
  await page.goto('/dashboard');
  const form = page.getByTestId('order-row').getByTestId('return-form');
  await expect(form).toHaveCount(1);
  await form.locator('summary').click();
  await form.getByLabel(/^Pieces of .* to return$/).fill('2');
  await form.getByRole('button', { name: 'Ask to return' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose a reason');
  await expect(form.getByLabel(/^Pieces of .* to return$/)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(/^Why return /).selectOption('damaged');
  await form.getByLabel('Note (optional)').fill('Two boxes arrived crushed');
  await shoot(page, 'return-form', { fullPage: false });
  await form.getByRole('button', { name: 'Ask to return' }).click();
  await expect(page.getByText('Return requested; we will mail you our answer')).toBeVisible();

  await page.goto('/dashboard/returns');
  const mine = page.getByTestId('return-row');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Requested');
  await expect(mine).toContainText(`${tool.name}: 2 · Damaged`);

  // The admin approves (an RMA number), then receives both pieces into stock.
  const admin = await adminContext.newPage();
  await admin.goto('/dashboard/manage-returns');
  const row = admin.getByTestId('admin-return-row').filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Two boxes arrived crushed');
  await shoot(admin, 'returns-admin-requested');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(/^Approved: RMA-\d{4}-\d{6}$/)).toBeVisible();
  const rma = ((await admin.getByText(/^Approved: RMA-/).textContent()) ?? '').replace(
    'Approved: ',
    '',
  );
  await admin.getByLabel('Show').selectOption('approved');
  const approved = admin.getByTestId('admin-return-row').filter({ hasText: rma });
  await expect(approved).toHaveCount(1);
  await expect(approved.getByLabel(/^Restock pieces of /)).toHaveValue('2');
  const before = await stockOf();
  await shoot(admin, 'returns-admin-receive');
  await approved.getByRole('button', { name: 'Record receipt' }).click();
  await expect(admin.getByText('Return received')).toBeVisible();
  await expect.poll(stockOf).toBe(before + 2);
  // Then refunds it to the card, once: the button goes once the refund is recorded.
  await admin.getByLabel('Show').selectOption('received');
  const received = admin.getByTestId('admin-return-row').filter({ hasText: rma });
  await received.getByRole('button', { name: 'Refund to card' }).click();
  const toastText = admin.getByText(/^Refunded \$[\d,.]+ to the card$/);
  await expect(toastText).toBeVisible();
  const amount = /\$[\d,.]+/.exec((await toastText.textContent()) ?? '')?.[0] ?? '';
  await expect(received.getByRole('button', { name: 'Refund to card' })).toHaveCount(0);
  await expect(received).toContainText(`Refunded ${amount} to the card`);
  await atEachWidth(admin, 'returns-admin-refunded', received);
  await adminContext.close();

  // The buyer sees the return received under its RMA number.
  await page.reload();
  await expect(mine).toContainText('Received');
  await expect(mine).toContainText(rma);
  await expect(mine).toContainText('restocked 2, scrapped 0, refused 0');
  await expect(mine).toContainText(`Refunded ${amount} to the card`);
  await atEachWidth(page, 'my-returns', mine);
});

/**
 * Issue 37, on account: a company's admin (net 30) returns 2 of 10 pieces; the shop approves,
 * receives them and refunds with a 10 % restocking fee, which issues a credit note; the buyer
 * sees it on My returns and on the statement, and opens its PDF. The company had paid all of its
 * invoice but $1: the note takes that $1 off the invoice and the rest is owed back, which the
 * shop pays back by transfer and records under its reference; the buyer's statement says so.
 */
test('an on-account buyer returns 2 of 10; the admin refunds with a fee by a credit note and pays back what the invoice no longer owed; the buyer opens its PDF', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const buyer = newAccount('creditbuyer');
  const request = page.context().request;
  await signUpByApi(request, buyer);
  const company = await request.post('/api/v1/company', {
    data: {
      name: `Credit Note Co ${Date.now().toString(36)}`,
      billingAddress: '1 Mill Road, Leeds',
    },
    headers: { origin },
  });
  expect(company.status(), await company.text()).toBe(200);
  const adminContext = await browser.newContext({ baseURL, extraHTTPHeaders: { origin } });
  await signUpAdminByApi(adminContext.request);
  const terms = await adminContext.request.put(
    `/api/v1/admin/companies/${(await company.json()).data._id}/terms`,
    { data: { termsDays: 30, creditLimit: 100_000 } },
  );
  expect(terms.status(), await terms.text()).toBe(200);

  const tools = (await (await request.get('/api/v1/tools?limit=100')).json()).data as Tool[];
  const tool = tools.find(
    (t) => t.minimumOrderQuantity <= 10 && (t.packSize ?? 1) === 1 && t.availableQuantity >= 50,
  );
  if (!tool) throw new Error('no demo part sold singly with 50 in stock');
  await request.put(`/api/v1/cart/lines/${tool._id}`, {
    data: { quantity: 10 },
    headers: { origin },
  });
  const placed = await request.post('/api/v1/orders', {
    data: {
      address: '1 Mill Rd, Peoria IL 61602',
      phone: '+1 309 555 0100',
      paymentTerms: 'account',
      poNumber: 'PO-RETURN-1',
    },
    headers: { origin },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = (await placed.json()).data._id as string;
  const shipped = await adminContext.request.post(`/api/v1/manageOrder/${orderId}/shipments`, {
    data: {
      lines: [{ productId: tool._id, quantity: 10 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  // The company pays all of its invoice but $1.
  const total = (await placed.json()).data.total as number;
  const paid = await adminContext.request.post(`/api/v1/admin/invoices/${orderId}/payments`, {
    data: { amount: Math.round((total - 1) * 100) / 100, reference: 'BACS 1001' },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // The buyer asks to return 2 of the 10 from My Orders.
  await page.goto('/dashboard');
  const form = page.getByTestId('order-row').getByTestId('return-form');
  await form.locator('summary').click();
  await form.getByLabel(/^Pieces of .* to return$/).fill('2');
  await form.getByLabel(/^Why return /).selectOption('not_needed');
  await form.getByRole('button', { name: 'Ask to return' }).click();
  await expect(page.getByText('Return requested; we will mail you our answer')).toBeVisible();

  // The admin approves, receives both into stock, and refunds with a fee: a credit note.
  const admin = await adminContext.newPage();
  await admin.goto('/dashboard/manage-returns');
  const row = admin.getByTestId('admin-return-row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: 'Approve' }).click();
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
  const fee = received.getByLabel('Restocking fee (%)');
  // A fee above 100 % gets a red line and sends nothing.
  await fee.fill('150');
  await received.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(received.getByText('Restocking fee must be at most 100 %')).toBeVisible();
  await expect(fee).toHaveAttribute('aria-invalid', 'true');
  await shoot(admin, 'returns-admin-refund-bad-fee', { fullPage: false });
  await fee.fill('10');
  await received.getByRole('button', { name: 'Issue credit note' }).click();
  const toastText = admin.getByText(/^Credit note CN-\d{4}-\d{6}: \$[\d,.]+$/);
  await expect(toastText).toBeVisible();
  const [, number, amount] = /^Credit note (CN-\d{4}-\d{6}): (\$[\d,.]+)$/.exec(
    (await toastText.textContent()) ?? '',
  ) ?? ['', '', ''];
  await expect(received.getByRole('button', { name: 'Issue credit note' })).toHaveCount(0);
  await expect(received.getByTestId('credit-note')).toContainText(number);
  await shoot(admin, 'returns-admin-credited');
  // $1 went to the invoice; the rest is owed back, and the shop records paying it back.
  const owedBack = formatPrice((Math.round(Number(amount.replace(/[$,]/g, '')) * 100) - 100) / 100);
  const payBack = received.getByRole('form', { name: `Pay back credit note ${number}` });
  await expect(received.getByTestId('credit-note-back')).toHaveText(`Owed back ${owedBack}`);
  // An empty reference gets a red line and sends nothing.
  await payBack.getByRole('button', { name: 'Record pay-back' }).click();
  const reference = payBack.getByLabel('Transfer or cheque reference');
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  await reference.fill('BACS 2002');
  await payBack.getByRole('button', { name: 'Record pay-back' }).click();
  await expect(received.getByTestId('credit-note-back')).toContainText(`Paid back ${owedBack} on`);
  await expect(payBack).toHaveCount(0);
  await adminContext.close();

  // The buyer sees the credit note on My returns and on the statement, and opens its PDF.
  await page.goto('/dashboard/returns');
  const mine = page.getByTestId('return-row').filter({ hasText: rma });
  const note = mine.getByTestId('credit-note');
  await expect(note).toContainText(`Credit note ${number} of ${amount}`);
  await expect(note).toContainText('restocking fee');
  await shoot(page, 'my-returns-credit-note');
  const href = await note.getByRole('link', { name: number }).getAttribute('href');
  const pdf = await request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.goto('/dashboard/statement');
  const invoice = page.getByTestId('invoice-row').filter({ hasText: number });
  await expect(invoice.getByRole('link', { name: `Credit note ${number} (PDF)` })).toBeVisible();
  await expect(invoice.getByTestId('credit-note-back')).toContainText(`Paid back ${owedBack} on`);
  await expect(invoice.getByTestId('credit-note-back')).toContainText('(ref BACS 2002)');
  await atEachWidth(page, 'statement-credit-note', invoice);
});
