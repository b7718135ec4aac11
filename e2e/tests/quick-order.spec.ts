import type { APIRequestContext, Page } from '@playwright/test';
import { formatPrice } from '@proper-parts/domain/format';
import { newAccount, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

interface SearchItem {
  _id: string;
  sku: string;
  name: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
}

interface CartLine {
  productId: string;
  sku: string;
  quantity: number;
}

/** Five demo parts that can be ordered at their minimum, with SKUs that start differently. */
async function fiveParts(request: APIRequestContext): Promise<SearchItem[]> {
  const res = await request.get('/api/v1/catalog/search?inStock=true&limit=100');
  expect(res.status(), await res.text()).toBe(200);
  const items = (await res.json()).data.items as SearchItem[];
  const picked: SearchItem[] = [];
  for (const item of items) {
    const prefix = item.sku.slice(0, 3);
    if (item.availableQuantity < item.minimumOrderQuantity * 2) continue;
    if (picked.some((other) => other.sku.slice(0, 3) === prefix)) continue;
    picked.push(item);
    if (picked.length === 5) return picked;
  }
  throw new Error(
    `the demo catalog has fewer than five distinct parts in stock (${picked.length})`,
  );
}

async function cartOf(page: Page): Promise<CartLine[]> {
  const res = await page.context().request.get('/api/v1/cart');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.lines as CartLine[];
}

test('a buyer pastes five lines, fixes a mistyped part number from the suggestion and adds them all to the cart', async ({
  page,
}) => {
  await signUpByApi(page.context().request, newAccount('buyer'));
  const parts = await fiveParts(page.context().request);
  const [a, b, c, d, mistyped] = parts as [
    SearchItem,
    SearchItem,
    SearchItem,
    SearchItem,
    SearchItem,
  ];
  const typo = `${mistyped.sku}Q9`;
  // Every way a buyer pastes: a space, a comma, a tab from Excel, a semicolon.
  const text = [
    `${a.sku} ${a.minimumOrderQuantity}`,
    `${b.sku},${b.minimumOrderQuantity}`,
    `${c.sku}\t${c.minimumOrderQuantity}`,
    `${typo} ${mistyped.minimumOrderQuantity}`,
    `${d.sku};${d.minimumOrderQuantity}`,
  ].join('\n');

  await page.goto('/quick-order');
  await expect(page).toHaveTitle('Quick order | Proper Parts');
  const field = page.getByLabel('Part numbers and quantities');
  await field.fill(text);
  await page.getByRole('button', { name: 'Check lines' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'lines ready' })).toHaveText(
    '4 of 5 lines ready',
  );
  const bad = page.getByTestId('quick-order-line').nth(3);
  await expect(bad).toContainText('Not found');
  await expect(bad).toContainText(typo);
  await shoot(page, 'quick-order-checked');

  // The part meant, when it is among the suggestions; else the nearest one offered.
  const meant = bad.getByRole('button', { name: `Use ${mistyped.sku}`, exact: true });
  const fix =
    (await meant.count()) > 0 ? meant : bad.getByRole('button', { name: /^Use / }).first();
  const chosen = ((await fix.textContent()) ?? '').replace(/^Use /, '').trim();
  await fix.click();

  await expect(field).toHaveValue(text.replace(typo, chosen));
  await expect(page.getByRole('status').filter({ hasText: 'lines ready' })).toHaveText(
    '5 of 5 lines ready',
  );
  // Each line priced before anything goes into the cart, and their total.
  for (const row of await page.getByTestId('quick-order-line').all())
    await expect(row).toContainText(/\$[\d,.]+ per pc|\$[\d,.]+\s*\$[\d,.]+/);
  const total = (await page.getByTestId('quick-order-total').textContent()) ?? '';
  expect(total).toMatch(/^\$[\d,.]+$/);
  await page.getByRole('button', { name: 'Add all valid lines to the cart' }).click();
  await expect(page.getByText('5 parts added to your cart').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
  await shoot(page, 'quick-order-added');

  const lines = await cartOf(page);
  const quantities = Object.fromEntries(lines.map((line) => [line.sku, line.quantity]));
  expect(quantities).toMatchObject({
    [a.sku]: a.minimumOrderQuantity,
    [b.sku]: b.minimumOrderQuantity,
    [c.sku]: c.minimumOrderQuantity,
    [d.sku]: d.minimumOrderQuantity,
  });
  expect(Object.keys(quantities)).toContain(chosen);
  expect(lines).toHaveLength(5);
  // The cart, priced by the same function, costs what quick order said.
  const cart = (await (await page.context().request.get('/api/v1/cart')).json()).data;
  expect(formatPrice(cart.total)).toBe(total);
});

test('a bad quantity after a known part says so, and a letter O typed for a zero finds the part', async ({
  page,
}) => {
  const request = page.context().request;
  await signUpByApi(request, newAccount('buyer'));
  const [part] = await fiveParts(request);
  if (!part) throw new Error('no demo part');
  const found = await request.get('/api/v1/catalog/search?inStock=true&limit=100');
  const zeroed = ((await found.json()).data.items as SearchItem[]).find((item) =>
    /\d0\d/.test(item.sku),
  );
  if (!zeroed) throw new Error('no demo SKU with a 0 between digits');
  const typo = zeroed.sku.replace(/(\d)0(\d)/, '$1O$2');

  await page.goto('/quick-order');
  await page.getByLabel('Part numbers and quantities').fill(`${part.sku} abc\n${typo} 1`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  // The lines appear once the check answers: wait for both before reading them.
  const lines = page.getByTestId('quick-order-line');
  await expect(lines).toHaveCount(2);
  const [badQuantity, lookAlike] = [lines.nth(0), lines.nth(1)];
  await expect(badQuantity).toContainText('Quantity is not a number');
  await expect(badQuantity).toContainText(part.sku);
  await expect(lookAlike).toContainText('Not found');
  await lookAlike.getByRole('button', { name: `Use ${zeroed.sku}`, exact: true }).click();
  await expect(page.getByLabel('Part numbers and quantities')).toHaveValue(
    `${part.sku} abc\n${zeroed.sku} 1`,
  );
  await shoot(page, 'quick-order-bad-quantity');
});

test('an empty paste is refused under the field, and nothing is sent', async ({ page }) => {
  await signUpByApi(page.context().request, newAccount('buyer'));
  await page.goto('/quick-order');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/cart/quick-order')) sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(
    page.getByText('Paste at least one line with a part number, or choose a CSV file.'),
  ).toBeVisible();
  expect(sent).toHaveLength(0);
});

test('a buyer opens a saved list, adds it to the cart and deletes it', async ({
  page,
  baseURL,
}) => {
  const request = page.context().request;
  await signUpByApi(request, newAccount('buyer'));
  const [part] = await fiveParts(request);
  if (!part) throw new Error('no demo part');
  // A cookie-carrying write needs the shop's Origin, as the page would send it.
  const headers = { origin: baseURL ?? '' };
  const put = await request.put(`/api/v1/cart/lines/${part._id}`, {
    data: { quantity: part.minimumOrderQuantity },
    headers,
  });
  expect(put.status(), await put.text()).toBe(200);
  const saved = await request.post('/api/v1/lists', { data: { name: 'Line 4 weekly' }, headers });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/dashboard/lists');
  await expect(page).toHaveTitle('Saved lists | Proper Parts');
  const card = page.getByTestId('saved-list').filter({ hasText: 'Line 4 weekly' });
  await expect(card).toContainText('1 line');
  await card.getByRole('button', { name: 'View' }).click();
  await expect(card.getByRole('link', { name: part.name })).toBeVisible();
  await shoot(page, 'saved-lists');

  await card.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByText('1 line added to your cart')).toBeVisible();
  const [line] = await cartOf(page);
  expect(line).toMatchObject({ sku: part.sku, quantity: part.minimumOrderQuantity * 2 });

  await card.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this list?' })
    .getByRole('button', { name: 'Yes, delete list' })
    .click();
  await expect(page.getByText('"Line 4 weekly" deleted')).toBeVisible();
  await expect(page.getByText('You have no saved lists yet')).toBeVisible();
  await shoot(page, 'saved-lists-empty');
});

test('a line that is not whole packs says so and rounds up to whole packs in one click (issue 35)', async ({
  page,
}) => {
  const request = page.context().request;
  await signUpByApi(request, newAccount('buyer'));
  const found = await request.get('/api/v1/catalog/search?inStock=true&limit=100');
  const boxed = ((await found.json()).data.items as (SearchItem & { packSize: number })[]).find(
    (item) => item.packSize > 1 && item.availableQuantity >= item.minimumOrderQuantity * 3,
  );
  if (!boxed) throw new Error('no demo part sold in packs among the first 100 in stock');
  const asked = boxed.minimumOrderQuantity + Math.ceil(boxed.packSize / 2);
  const rounded = Math.ceil(asked / boxed.packSize) * boxed.packSize;

  await page.goto('/quick-order');
  const field = page.getByLabel('Part numbers and quantities');
  await field.fill(`${boxed.sku} ${asked}`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  const line = page.getByTestId('quick-order-line');
  await expect(line).toContainText('Not whole packs');
  await expect(line).toContainText(`Sold in packs of ${boxed.packSize}`);
  await shoot(page, 'quick-order-packs');
  await line.getByRole('button', { name: `Round up to ${rounded}` }).click();
  await expect(field).toHaveValue(`${boxed.sku} ${rounded}`);
  await expect(page.getByRole('status').filter({ hasText: 'ready' })).toHaveText(
    '1 of 1 line ready',
  );
  await page.getByRole('button', { name: 'Add all valid lines to the cart' }).click();
  await expect(page.getByText('1 part added to your cart').first()).toBeVisible();
  expect(await cartOf(page)).toEqual([
    expect.objectContaining({ sku: boxed.sku, quantity: rounded }),
  ]);
});
