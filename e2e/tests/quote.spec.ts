import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, readLatestMail, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { fillAddress, peoria } from '../support/addresses.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';
import { atEachWidth } from '../support/widths.ts';

interface Item {
  _id: string;
  sku: string;
  slug: string;
  name: string;
  price: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
  packSize: number;
}

const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    trailingZeroDisplay: 'stripIfInteger',
  }).format(dollars);

/** Two demo parts sold one by one, in stock; from the end of the list, away from other journeys'. */
async function demoParts(request: APIRequestContext): Promise<[Item, Item]> {
  const res = await request.get('/api/v1/catalog/search?q=bearing&limit=60&inStock=true');
  const items = ((await res.json()).data.items as Item[]).filter(
    (item) => item.packSize === 1 && item.availableQuantity >= item.minimumOrderQuantity * 3,
  );
  const [first, second] = items.slice(-2);
  if (!first || !second) throw new Error('not enough demo parts');
  return [first, second];
}

async function addToCart(page: Page, item: Item, quantity: number) {
  await page.goto(`/products/${item.slug}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Cart, \d+ lines?$/ })).toBeVisible();
  await page.goto('/cart');
  const field = page.getByLabel(`Quantity of ${item.name}`);
  await field.fill(String(quantity));
  await field.press('Enter');
}

test('a quote is requested from the cart, answered in the inbox, accepted, and ordered at the quoted prices (the buyer on a phone, the shop on a desktop; each screen at 375, 768 and 1280 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two accounts, a quote's whole round trip and its screens checked at three widths: 19 s on a
  // quiet machine, 47–60 s on a busy one (the default budget is 60 s).
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 900 });
  const [scarce, plenty] = await demoParts(page.context().request);
  const buyer = newAccount('quotebuyer');
  await signUpByApi(page.context().request, buyer);

  // The cart: one line above the stock, which checkout cannot take but a quote can.
  const wanted = scarce.availableQuantity + 50;
  const more = plenty.minimumOrderQuantity * 2;
  await addToCart(page, scarce, wanted);
  await addToCart(page, plenty, more);
  await expect(page.getByText(/^Only [\d,]+ left$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await expect(page.getByTestId('quote-hint')).toContainText(
    'One line asks for more than we have in stock',
  );
  await atEachWidth(page, 'quote-cart', page.getByTestId('quote-hint'));

  // Request a quote, with a message.
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote' });
  await dialog.getByLabel('Message to the shop (optional)').fill('For the spring overhaul');
  await shoot(page, 'quote-request-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
  const quoteId = page.url().split('/').pop() ?? '';
  await expect(page.getByText('Waiting for the shop')).toBeVisible();
  await expect(page.getByText('For the spring overhaul')).toBeVisible();
  await atEachWidth(page, 'quote-requested', page.getByText('For the spring overhaul'));
  await readLatestMail(buyer.email, /We received your request for a quote/);

  // The shop admin answers it from the inbox, in a browser of their own.
  const shop = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await signUpAdminByApi(shop.request);
  const inbox = await shop.newPage();
  await inbox.goto('/dashboard/quote-inbox');
  const card = inbox.getByRole('listitem').filter({ hasText: buyer.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Waiting for the shop');
  await atEachWidth(inbox, 'quote-inbox', card);
  await card.getByRole('link', { name: /^Answer/ }).click();
  await expect(inbox).toHaveURL(new RegExp(`/dashboard/quote-inbox/${quoteId}$`));
  await expect(inbox.getByRole('heading', { name: 'Answer a quote' })).toBeVisible();
  const scarcePrice = inbox.getByLabel(`Unit price for ${scarce.sku} ($)`);
  await expect(scarcePrice).not.toHaveValue('');
  await scarcePrice.fill('3.1');
  await inbox.getByLabel(`Unit price for ${plenty.sku} ($)`).fill('0.95');
  await inbox.getByLabel('Lead time (days)').fill('21');
  await inbox.getByLabel('Note to the buyer (optional)').fill('The rest ships in three weeks');
  const total = Math.round(310 * wanted + 95 * more) / 100;
  await expect(inbox.getByTestId('answer-total')).toHaveText(usd(total));
  await atEachWidth(inbox, 'quote-answer', inbox.getByTestId('answer-total'));
  await inbox.getByRole('button', { name: 'Send answer' }).click();
  await expect(inbox.getByText('Answer sent: the buyer has been mailed')).toBeVisible();
  await expect(inbox.getByRole('heading', { name: 'Quote', exact: true })).toBeVisible();
  await shop.close();
  expect(admin.email).toBeTruthy();
  await readLatestMail(buyer.email, /Your quote is ready/);

  // The buyer accepts it: ship-to, phone and PO number.
  await page.reload();
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-total')).toHaveText(usd(total));
  await expect(page.getByTestId('quoted-price')).toHaveText([usd(3.1), usd(0.95)]);
  await expect(page.getByText('The rest ships in three weeks')).toBeVisible();
  await fillAddress(page, peoria);
  const po = `PO-Q-${Date.now().toString(36)}`;
  await page.getByLabel('PO number (optional)').fill(po);
  await atEachWidth(
    page,
    'quote-answered',
    page.getByRole('button', { name: 'Accept and place order' }),
  );
  await page.getByRole('button', { name: 'Accept and place order' }).click();
  const pay = page.getByRole('link', { name: 'Pay the order' });
  await expect(pay).toBeVisible();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
  await shoot(page, 'quote-accepted');
  const orderId = (await pay.getAttribute('href'))?.split('/').pop() ?? '';
  await readLatestMail(buyer.email, new RegExp(`Your quote became order ${orderId}`));

  // My quotes: the quote, accepted, with its total.
  await page.goto('/dashboard/quotes');
  const mine = page.getByRole('listitem').filter({ hasText: 'For the spring overhaul' });
  await expect(mine.first()).toContainText('Accepted');
  await expect(mine.first()).toContainText(usd(total));
  await shoot(page, 'quote-list');

  // My Orders: the order at the quoted prices, the pieces not in stock on back order.
  await page.goto('/dashboard');
  const row = page.getByTestId('order-row').filter({ hasText: `PO ${po}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(usd(total));
  await row.getByText('2 lines').click();
  await expect(row).toContainText(`× ${usd(3.1)}`);
  await expect(row).toContainText(`× ${usd(0.95)}`);
  await expect(row).toContainText('50 pcs on back order');
  await atEachWidth(page, 'quote-my-orders', row);
  const order = (await (await page.context().request.get(`/api/v1/myPurchase/${orderId}`)).json())
    .data;
  expect(order).toMatchObject({ status: 'unpaid', quoteId, price: total, poNumber: po });
});
