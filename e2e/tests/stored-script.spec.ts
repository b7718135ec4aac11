import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { newAccount, readLatestMail, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const gearPhoto = join(import.meta.dirname, '..', 'fixtures', 'spur-gear.jpg');

/** Nothing the text carried became markup: no `<img src=x>`, no script holding `alert(1)`. */
async function expectNoInjectedMarkup(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  // Scripts that run (not the page's JSON data) carrying the typed alert(1).
  await expect(
    page.locator('script:not([type="application/json"])', { hasText: 'alert(1)' }),
  ).toHaveCount(0);
}

test('script and markup in a review, a product name and a display name show as text, in pages and in the mail', async ({
  browser,
  page,
  baseURL,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const unique = Date.now() % 1_000_000;

  // An admin adds a product whose name is markup.
  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL ?? '' },
  });
  await signUpAdminByApi(adminContext.request);
  const upload = await adminContext.request.post('/api/v1/uploads', {
    multipart: {
      image: { name: 'gear.jpg', mimeType: 'image/jpeg', buffer: readFileSync(gearPhoto) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const productName = `${SCRIPT}${IMG} Gear ${unique}`;
  const added = await adminContext.request.post('/api/v1/tools', {
    data: {
      name: productName,
      img: (await upload.json()).data.url,
      description: `Spur gear ${unique}, module 2, C45 steel. ${SCRIPT} ${IMG}`,
      minimumOrderQuantity: 1,
      availableQuantity: 500,
      price: 4.5,
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const productId = (await added.json()).data.insertedId as string;

  // A customer whose display name is markup writes a review that is markup.
  const account = { ...newAccount('xss'), name: `${IMG} ${SCRIPT}` };
  await signUpByApi(page.context().request, account);
  const reviewText = `${SCRIPT} ${IMG} review ${unique}`;
  await page.goto('/dashboard/review');
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByLabel('Description').fill(reviewText);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Review Add Successful')).toBeVisible();

  // The home page: the product leads the featured six (in the first HTML), the review the carousel.
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Products' });
  await expect(featured.getByRole('heading', { name: productName })).toBeVisible();
  const reviews = page.getByRole('region', { name: 'What Our Customers Say' });
  await reviews.scrollIntoViewIfNeeded();
  const slide = reviews.locator('[aria-roledescription="slide"]').filter({ hasText: reviewText });
  await expect(slide.first()).toContainText(reviewText);
  await expect(slide.first()).toContainText(account.name);
  await expectNoInjectedMarkup(page);

  // The product page and the order form (the buyer's name, read-only); then an order.
  await page.goto(`/purchase/${productId}`);
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
  await expect(page.getByText(`${SCRIPT} ${IMG}`, { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(account.name);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(/^Thanks For Purchase\./)).toBeVisible();
  await expectNoInjectedMarkup(page);

  // My Orders and My Profile.
  await page.goto('/dashboard');
  await expect(page.getByTestId('order-row').filter({ hasText: productName })).toHaveCount(1);
  await page.goto('/dashboard/profile');
  await expect(page.getByText(account.name).first()).toBeVisible();
  await expectNoInjectedMarkup(page);

  expect(dialogs).toEqual([]);

  // The order mail: plain text only, the name and the product as typed.
  const mail = await readLatestMail(account.email, /Your Proper Parts order/);
  expect(mail).toMatch(/Content-Type: text\/plain/i);
  expect(mail).not.toMatch(/Content-Type: text\/html/i);
  expect(mail).toContain(`Hello ${account.name},`);
  expect(mail).toContain(`Product: ${productName}`);

  // Out of the featured six again, for the journeys that expect the demo products there.
  const deleted = await adminContext.request.delete(`/api/v1/tools/${productId}`);
  expect(deleted.status(), await deleted.text()).toBe(200);
  await adminContext.close();
});
