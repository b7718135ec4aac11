import type { APIRequestContext, Locator } from '@playwright/test';
import { newAccount, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

interface Part {
  _id: string;
  name: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
}

/** The demo's in-stock parts with the longest names: those wrapped to 6+ lines at 375 px. */
async function longNamedParts(request: APIRequestContext, count: number) {
  const res = await request.get('/api/v1/catalog/search?q=bearing&inStock=true&limit=100');
  const items = (await res.json()).data.items as Part[];
  return items
    .filter((part) => part.availableQuantity >= part.minimumOrderQuantity * 3)
    .sort((a, b) => b.name.length - a.name.length)
    .slice(0, count);
}

/** How many lines an element's text takes (e2e's types have no DOM: the browser's words). */
const linesOf = (element: Locator) =>
  element.evaluate(
    new Function(
      'element',
      'return Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight))',
    ) as (element: unknown) => number,
  );

test('My Orders on a 375 px phone: each order a card, its name on a line or two, nothing off screen', async ({
  page,
  baseURL,
}) => {
  const request = page.context().request;
  await signUpByApi(request, newAccount('phone'));
  const parts = await longNamedParts(request, 2);
  expect(parts).toHaveLength(2);
  const headers = { origin: baseURL ?? '' };
  const ids: string[] = [];
  for (const part of parts) {
    const res = await request.post('/api/v1/purchase', {
      data: { toolId: part._id, quantity: part.minimumOrderQuantity },
      headers,
    });
    expect(res.status(), await res.text()).toBe(200);
    ids.push((await res.json()).data.insertedId);
  }
  // The first one paid in the sandbox: its cell holds the status, transaction id, invoice and
  // Buy again, the widest of the table's.
  const intent = await request.post('/api/v1/create-payment-intent', {
    data: { orderId: ids[0] },
    headers,
  });
  const { clientSecret } = (await intent.json()).data;
  const confirmed = await request.post('/api/v1/sandbox/confirm', {
    data: {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      billing: { name: 'Phone Buyer', email: 'phone@example.com' },
    },
    headers,
  });
  const { paymentIntentId } = (await confirmed.json()).data;
  const paid = await request.patch(`/api/v1/myPurchase/${ids[0]}`, {
    data: { transactionId: paymentIntentId },
    headers,
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('my-orders-375.png'), fullPage: true });
  for (const part of parts) {
    const row = rows.filter({ hasText: part.name });
    const name = row.getByText(part.name, { exact: true });
    await expect(name).toBeVisible();
    expect(await linesOf(name), part.name).toBeLessThanOrEqual(3);
  }
  // What each order offers is in view, without scrolling sideways.
  const unpaid = rows.filter({ hasText: parts[1]?.name });
  await expect(unpaid.getByRole('link', { name: 'Pay' })).toBeInViewport();
  await expect(unpaid.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  const done = rows.filter({ hasText: parts[0]?.name });
  await expect(done.getByText('Paid')).toBeInViewport();
  await done.getByRole('button', { name: 'Buy again' }).scrollIntoViewIfNeeded();
  await expect(done.getByRole('button', { name: 'Buy again' })).toBeInViewport();
  // Neither the page nor the orders' box scrolls sideways.
  const sideways = (element: Locator) =>
    element.evaluate(
      new Function('element', 'return element.scrollWidth - element.clientWidth') as (
        element: unknown,
      ) => number,
    );
  expect(await sideways(page.locator('html'))).toBe(0);
  expect(await sideways(page.locator('table').locator('..'))).toBe(0);
});
