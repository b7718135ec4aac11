import { join } from 'node:path';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

const gearPhoto = join(import.meta.dirname, '..', 'fixtures', 'spur-gear.jpg');

test('an admin adds a product with an image, sees it lead the featured six, then deletes it', async ({
  page,
  baseURL,
}) => {
  await signUpAdminByApi(page.context().request);
  const name = `Spur Gear M2 Z${Date.now() % 100_000}`;

  await page.goto('/dashboard/addProduct');
  await expect(page).toHaveTitle('Add A Product | Proper Parts');
  // Every field is required, with the spec's messages.
  await page.getByRole('button', { name: 'Add Product' }).click();
  for (const message of [
    'Name is Required',
    'Description is Required',
    'Minimum is Required',
    'Add Quantity is Required',
    'Price is Required',
    'Img is Required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel('Name').fill(name);
  await page
    .getByLabel('Description')
    .fill('Spur gear, module 2, 20 teeth, C45 steel, induction-hardened teeth, 20 mm keyed bore.');
  await page.getByLabel('Minimum order quantity').fill('50');
  await page.getByLabel('Available quantity').fill('2400');
  await page.getByLabel('Price per piece ($)').fill('12.75');
  await page.getByLabel('Image').setInputFiles(gearPhoto);
  await expect(page.getByRole('img', { name: 'Preview of the chosen file' })).toBeVisible();
  // Issue 16: a SKU suggested from the name.
  await page.getByRole('button', { name: 'Suggest from the name' }).click();
  await expect(page.getByLabel('SKU (optional)')).toHaveValue(/^SPU-GEA-M2/);
  await shoot(page, 'add-product');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added Successful')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');

  // It leads the featured six, with the image the server re-encoded.
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Products' }).getByRole('listitem');
  await expect(featured).toHaveCount(6);
  const first = featured.first();
  await expect(first.getByRole('heading', { name })).toBeVisible();
  await expect(first.getByText('$12.75')).toBeVisible();
  const image = first.getByRole('img', { name });
  await expect(image).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}\.webp$/);
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      image.evaluate((node) => {
        const img = node as unknown as { complete: boolean; naturalWidth: number };
        return img.complete ? img.naturalWidth : 0;
      }),
    )
    .toBe(1200);
  const src = (await image.getAttribute('src')) ?? '';
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toContain('immutable');

  // Manage Products: delete it behind the confirm modal.
  await page.goto('/dashboard/manageProducts');
  await expect(page).toHaveTitle('Manage Products | Proper Parts');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$12.75');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`${name} - product is deleted.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // Gone from the home page and from the API; its image stays for the orders that show it.
  await page.goto('/');
  await expect(featured).toHaveCount(6);
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
  const api = await page.request.get(`${baseURL}/api/v1/tools?limit=100`);
  expect(((await api.json()).data as { name: string }[]).map((t) => t.name)).not.toContain(name);
  expect((await page.request.get(src)).status()).toBe(200);
});

test('a customer cannot add a product through the API, and sees no admin page', async ({
  page,
  baseURL,
}) => {
  await signUpByApi(page.context().request, newAccount());
  const res = await page.request.post(`${baseURL}/api/v1/tools`, {
    headers: { origin: baseURL ?? '' },
    data: { name: 'x' },
  });
  expect(res.status()).toBe(403);
  await page.goto('/dashboard/manageProducts');
  await expect(page).toHaveURL(/\/signin$/);
});

test('an admin finds a product far down the catalog by searching Manage Products, and goes from its page to its edit', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpAdminByApi(page.context().request);
  // A part far from the first page of the newest: only a search brings it up.
  const [tool] = (await (await page.request.get('/api/v1/tools?limit=1&offset=400')).json()).data;
  const { slug } = tool;
  const { sku } = (await (await page.request.get(`/api/v1/catalog/products/${slug}`)).json()).data;

  await page.goto('/dashboard/manageProducts');
  await expect(page.getByRole('link', { name: 'Edit', exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: `Edit ${tool.name}` })).toHaveCount(0);
  // Issue 31: a search box over the 15,000 products (the catalog's search: part numbers, words).
  await page.getByLabel('Search parts').fill(sku);
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(sku)}`));
  await expect(page.getByText(/products? match/)).toBeVisible();
  await shoot(page, 'manage-products-search', { fullPage: false });
  await page.getByRole('link', { name: `Edit ${tool.name}` }).click();
  await expect(page).toHaveURL(`/dashboard/manageProducts/${tool._id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(tool.name);

  // A search that finds nothing says so.
  await page.goto(`/dashboard/manageProducts?q=${encodeURIComponent('zzzz no such part qqqq')}`);
  await expect(page.getByText('No products match “zzzz no such part qqqq”.')).toBeVisible();

  // The product's public page shows an admin an Edit link to the same form.
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.name);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await shoot(page, 'product-page-edit-link', { fullPage: false });
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/manageProducts/${tool._id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(tool.name);

  // A customer sees no Edit link there.
  const customer = await browser.newContext({ baseURL });
  const buyer = await customer.newPage();
  await signUpByApi(customer.request, newAccount());
  await buyer.goto(`/products/${slug}`);
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(tool.name);
  await expect(buyer.locator('html[data-hydrated]')).toBeAttached();
  await expect(buyer.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await customer.close();
});
