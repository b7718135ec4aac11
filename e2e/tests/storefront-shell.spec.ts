import { expect, test } from '../support/fixtures.ts';

test('a visitor sees the navbar, the featured demo products and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/\| Proper Parts$/);
  const nav = page.getByRole('navigation').first();
  for (const link of ['Home', 'Dashboard', 'Blogs', 'Portfolio']) {
    await expect(nav.getByRole('link', { name: link, exact: true }).first()).toBeAttached();
  }
  await expect(page.getByRole('link', { name: 'SignIn' }).first()).toBeAttached();

  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Piston' })).toBeVisible();
  await expect(page.getByText('$1,000').first()).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Peru, IL');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('an unknown page shows the not-found image, and a deep link reloads', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('img', { name: /404/ })).toBeVisible();
});

test('an unknown API path answers 404 JSON, not the app', async ({ request }) => {
  const res = await request.get('/api/v1/nothing-here');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ success: false });
});
