import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

test('a visitor sees the navbar, the featured demo products and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/\| Proper Parts$/);
  const nav = page.getByRole('navigation').first();
  for (const link of ['Home', 'Dashboard', 'Blogs', 'Portfolio']) {
    await expect(nav.getByRole('link', { name: link, exact: true }).first()).toBeAttached();
  }
  await expect(page.getByRole('link', { name: 'SignIn' }).first()).toBeAttached();

  const cards = page.getByRole('region', { name: 'Featured Products' }).getByRole('article');
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Piston' })).toBeVisible();
  await expect(page.getByText('$68', { exact: true }).first()).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Peru, IL');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('every footer link leads to a page of its own, none home (issue 31)', async ({
  page,
  request,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const hrefs = (
    await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  ).filter((href) => !href?.startsWith('tel:'));
  expect(hrefs).toHaveLength(12);
  expect(hrefs).not.toContain('/');
  // The short pages are rendered on the server, each with its title; an unknown one is a 404.
  for (const href of hrefs.filter((to) => to?.startsWith('/info/'))) {
    const res = await request.get(href ?? '');
    expect(res.status(), href ?? '').toBe(200);
    expect(await res.text()).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  }
  expect((await request.get('/info/press-releases')).status()).toBe(404);

  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/info\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await expect(page).toHaveTitle('FAQ | Proper Parts');
  await shoot(page, 'info-faq');
  await page
    .getByRole('navigation', { name: 'See also' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  // Reviews: the home page's, in view.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Reviews' }).click();
  await expect(page.getByRole('heading', { name: 'What Our Customers Say' })).toBeInViewport();
  expect(problems).toEqual([]);
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

test('hashed assets are cached for a year, index.html is not cached', async ({ page, request }) => {
  const assets: string[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/')) assets.push(res.url());
  });
  const html = await page.goto('/');
  expect(html?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('heading', { name: 'Piston' })).toBeVisible();
  expect(assets.length).toBeGreaterThan(0);
  const asset = await request.get(assets[0] as string);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // An old chunk name after a deploy is a 404, not index.html served as JavaScript.
  expect((await request.get('/assets/index-00000000.js')).status()).toBe(404);
});

test('the API docs page loads with no console error (its CSP allows what swagger-ui needs)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/api/docs/');
  // swagger-ui parses the whole document (~200 operations) in the page: seconds on a loaded machine.
  await expect(page.getByText('Proper Parts API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(errors).toEqual([]);
});
