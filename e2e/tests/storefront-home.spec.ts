import type { Locator, Page } from '@playwright/test';
import { newAccount, signUpAdminByApi, signUpByApi } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { shoot } from '../support/shoot.ts';

const NO_SUCH_PRODUCT = '00000000-0000-4000-8000-000000000000';

/** A carousel by its accessible name (components/carousel.tsx: the WAI-ARIA carousel pattern). */
const carouselNamed = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const slidesOf = (carousel: Locator) => carousel.locator('[aria-roledescription="slide"]');
const dotsOf = (carousel: Locator) => carousel.getByRole('button', { name: /^Go to slide \d+$/ });
/** A carousel's current slide (its leftmost when it shows three). */
const activeSlide = (carousel: Locator) => carousel.locator('[data-active]').first();

/** Waits until the carousel shows a slide other than `before` (it moves by itself). */
async function expectToMoveFrom(carousel: Locator, before: string) {
  await expect.poll(() => activeSlide(carousel).innerText()).not.toBe(before);
}

test('a visitor sees every home section, and both carousels move by themselves', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page).toHaveTitle('Home | Proper Parts');
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();

  // Banner: three slides, dynamic bullets, moving every 2 s and still moving after a click.
  const banner = carouselNamed(page, 'Banner');
  await expect(slidesOf(banner)).toHaveCount(3);
  await expect(dotsOf(banner)).toHaveCount(3);
  // Dynamic dots: the current one full size, the others smaller.
  const dotSizesRight = () =>
    dotsOf(banner).evaluateAll((dots) =>
      dots.every((dot) =>
        dot.getAttribute('aria-current') === 'true'
          ? dot.style.scale === '1'
          : Number(dot.style.scale) < 1,
      ),
    );
  await expect.poll(dotSizesRight).toBe(true);
  await expect(activeSlide(banner).getByRole('link', { name: 'Explore Now' })).toBeVisible();
  const firstBanner = await activeSlide(banner).innerText();
  await expectToMoveFrom(banner, firstBanner);
  await dotsOf(banner).first().click();
  await expect(activeSlide(banner)).toHaveAttribute('data-index', '0');
  const afterClick = await activeSlide(banner).innerText();
  await expectToMoveFrom(banner, afterClick);

  const featured = page.getByRole('region', { name: 'Featured Products' });
  await expect(featured.getByRole('article')).toHaveCount(6);

  // Statistics count up to their final figures once in view.
  const stats = page.getByRole('region', { name: 'Millions Business Trust Us' });
  await stats.scrollIntoViewIfNeeded();
  await expect(stats.getByTestId('count-Customers')).toHaveText('100+');
  await expect(stats.getByTestId('count-Annual revenue')).toHaveText('120M+');
  await expect(stats.getByTestId('count-Tools')).toHaveText('100+');
  await expect(stats.getByTestId('count-Reviews')).toHaveText('100K+');
  await expect(stats.getByText('5 stars')).toBeAttached();

  const blog = page.getByRole('region', { name: 'Our Blog Area' });
  await expect(blog.getByRole('article')).toHaveCount(3);
  await expect(blog).toContainText('January 20, 2022');
  await expect(blog).toContainText('March 10, 2022');

  // Each blog card leads to its answer on /blogs (checked at the end of this test).
  const leadTimes = blog.getByRole('link', { name: /From order to dispatch/ });
  await expect(leadTimes).toHaveAttribute('href', '/blogs#lead-times');

  const brands = page.getByRole('region', { name: 'Brands We Trust' });
  await expect(brands).toContainText('over 250 brands across 42 product categories');
  await expect(brands).toContainText('40 million pieces of product information');
  await expect(brands.getByRole('listitem')).toHaveCount(8);
  // See All Brands leads to the A–Z of every brand (decisions.md; e2e/tests/products.spec.ts).
  await expect(brands.getByRole('link', { name: 'See All Brands' })).toHaveAttribute(
    'href',
    '/brands',
  );

  // Reviews: the demo's six, moving by themselves.
  const reviews = page.getByRole('region', { name: 'What Our Customers Say' });
  await reviews.scrollIntoViewIfNeeded();
  const carousel = carouselNamed(page, 'Customer reviews');
  // The demo's six, and any a journey before this one wrote.
  await expect.poll(() => slidesOf(carousel).count()).toBeGreaterThanOrEqual(6);
  await expect(reviews.getByRole('link', { name: 'Write a Review' })).toHaveAttribute(
    'href',
    '/dashboard/review',
  );
  await expectToMoveFrom(carousel, await activeSlide(carousel).innerText());
  await shoot(page, 'home');

  await leadTimes.click();
  await expect(page).toHaveURL(/\/blogs#lead-times$/);
  await expect(
    page.getByRole('heading', { name: /How long does it take for an order to leave/ }),
  ).toBeInViewport();
  await expect(page.getByRole('article')).toHaveCount(5);
});

test('with reduced motion the statistics show their final numbers at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const stats = page.getByRole('region', { name: 'Millions Business Trust Us' });
  await expect(stats.getByTestId('count-Annual revenue')).toHaveText('120M+');
  await expect(stats.getByTestId('count-Reviews')).toHaveText('100K+');
  // The banner stands still (decision 040) until its dots move it.
  const banner = carouselNamed(page, 'Banner');
  await expect(dotsOf(banner)).toHaveCount(3);
  await page.waitForTimeout(3000);
  await expect(activeSlide(banner)).toHaveAttribute('data-index', '0');
  await dotsOf(banner).nth(1).click();
  await expect(activeSlide(banner)).toHaveAttribute('data-index', '1');
});

test('the first product card is within one screen of the banner on a 375 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/');
  // Polled: React replaces the first paint's markup with its own, and a box read from a node
  // it has just detached is null.
  const banner = page.locator('section').first();
  await expect.poll(async () => (await banner.boundingBox())?.height).toBeLessThanOrEqual(667);
  const firstCard = page.getByRole('region', { name: 'Featured Products' }).getByRole('article');
  // Scrolling one screen brings the card's top into view.
  await expect.poll(async () => (await firstCard.first().boundingBox())?.y).toBeLessThan(667 * 2);
});

test("a failed tools fetch shows 'Something went wrong !' in red", async ({ page }) => {
  await page.route('**/api/v1/tools?limit=6', (route) =>
    route.fulfill({ status: 503, json: { success: false, message: 'Down for maintenance' } }),
  );
  // The server renders the six into the page's HTML: arrive from another page instead, so that
  // the home page fetches them in the browser (and fails).
  await page.goto('/blogs');
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const message = page.getByText('Something went wrong !');
  await expect(message).toBeVisible();
  await expect(message).toHaveCSS('color', 'rgb(220, 38, 38)');
  // The rest of the page stands.
  await expect(page.getByRole('region', { name: 'Our Blog Area' })).toBeVisible();
});

test('a card\'s "see more" shows the whole description, and "see less" folds it', async ({
  page,
}) => {
  await page.goto('/');
  // "see more" is a button of React's: on the server-rendered page it works once hydrated (a
  // link before then is the browser's; a button does nothing). The home page's scripts load once
  // its first screen is painted, which on a busy machine comes after the load event.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Engine Fan' }) });
  await expect(card).toContainText('…see more');
  await expect(card).not.toContainText('air-conditioning condenser cooling');
  await card.getByRole('button', { name: 'see more' }).click();
  await expect(card).toContainText(
    'Moves up to 2,400 m³/h for engine and air-conditioning condenser cooling.',
  );
  await card.getByRole('button', { name: 'see less' }).click();
  await expect(card).not.toContainText('air-conditioning condenser cooling');
  // Quantities a maintenance buyer orders, with their unit; the unit price reads "per pc".
  await expect(card.locator('dd')).toHaveText(['1 pcs', '300 pcs']);
  await expect(card).toContainText('$129 per pc');
});

test("a featured card's image and name lead to the product's page, Purchase Now to the order form", async ({
  page,
}) => {
  await page.goto('/');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Engine Fan' }) });
  const nameLink = card.getByRole('heading', { name: 'Engine Fan' }).getByRole('link');
  const imageLink = card
    .getByRole('link')
    .filter({ has: page.getByRole('img', { name: 'Engine Fan' }) });
  await expect(nameLink).toHaveAttribute('href', '/products/engine-fan');
  await expect(imageLink).toHaveAttribute('href', '/products/engine-fan');
  await expect(card.getByRole('link', { name: 'Purchase Now' })).toHaveAttribute(
    'href',
    /^\/purchase\/[0-9a-f-]{36}$/,
  );
  await imageLink.click();
  await expect(page).toHaveURL(/\/products\/engine-fan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Engine Fan' })).toBeVisible();
});

test('a customer writes a review and it leads the home carousel', async ({ page }) => {
  const account = newAccount('reviewer');
  await signUpByApi(page.context().request, account);
  await page.goto('/dashboard/review');
  await expect(page.getByRole('heading', { name: 'Give a Review' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Rating is Required')).toBeVisible();
  await expect(page.getByText('Description is Required')).toBeVisible();

  const text = `Pallet of 6204 bearings arrived complete (${account.email}).`;
  await page.getByRole('radio', { name: '4 stars' }).check();
  await page.getByLabel('Description').fill(text);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Review Add Successful')).toBeVisible();

  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What Our Customers Say' });
  await reviews.scrollIntoViewIfNeeded();
  const slide = slidesOf(reviews).filter({ hasText: text });
  await expect(slide).toHaveCount(1);
  await expect(slide).toContainText(account.name);
  await expect(slide).toContainText('4/5');
  // Newest first: it is the first slide of the carousel's data.
  await expect(slidesOf(reviews).and(page.locator('[data-index="0"]'))).toContainText(text);
});

test('an admin finds Write a Review disabled, with the reason', async ({ page }) => {
  await signUpAdminByApi(page.context().request);
  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What Our Customers Say' });
  const button = reviews.getByRole('button', { name: 'Write a Review' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(/Admins cannot write reviews/);
  await expect(button.locator('..')).toHaveAttribute('data-tip', /admins manage the shop/);
});

test('an unknown or malformed product id shows "Product not found" with a way back', async ({
  page,
}) => {
  await signUpByApi(page.context().request, newAccount());
  for (const id of [NO_SUCH_PRODUCT, 'not-a-product']) {
    await page.goto(`/purchase/${id}`);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(page.getByText(/Unknown product id|id:/)).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Back to products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Parts' })).toBeVisible();
});

test('robots.txt, sitemap.xml and the favicon are served', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain(`<loc>${baseURL}/sitemaps/pages.xml</loc>`);
  const pages = await request.get('/sitemaps/pages.xml');
  expect(pages.status()).toBe(200);
  const xml = await pages.text();
  for (const path of ['/', '/products', '/brands', '/categories', '/blogs', '/portfolio']) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
});

test('the reviews carousel: keyboard, clickable bullets, 1 review below 769 px and 3 from 769', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What Our Customers Say' });
  await reviews.scrollIntoViewIfNeeded();
  const carousel = carouselNamed(page, 'Customer reviews');
  await expect.poll(() => slidesOf(carousel).count()).toBeGreaterThanOrEqual(6);
  const slides = await slidesOf(carousel).count();
  // It loops: a dot per review, none trimmed off the end.
  await expect(dotsOf(carousel)).toHaveCount(slides);
  // Keyboard focus inside it stops the autoplay, so that only the keys and the dots move it now.
  await dotsOf(carousel).first().focus();
  const index = () => activeSlide(carousel).getAttribute('data-index');
  const start = Number(await index());
  await page.keyboard.press('ArrowRight');
  await expect.poll(index).toBe(String((start + 1) % slides));
  await page.keyboard.press('ArrowLeft');
  await expect.poll(index).toBe(String(start));
  // A click on a dot leaves the focus where it was (still inside: still paused).
  await dotsOf(carousel).nth(4).click();
  await expect.poll(index).toBe('4');
  await expect(dotsOf(carousel).nth(4)).toHaveAttribute('aria-current', 'true');
  // Looping: left of the first review is the last.
  await dotsOf(carousel).first().click();
  await expect.poll(index).toBe('0');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(index).toBe(String(slides - 1));

  const widthRatio = async () => {
    const slide = await activeSlide(carousel).getByRole('article').boundingBox();
    const box = await carousel.boundingBox();
    return (slide?.width ?? 0) / (box?.width ?? 1);
  };
  await expect.poll(widthRatio).toBeLessThan(0.34);
  await page.setViewportSize({ width: 768, height: 900 });
  await expect.poll(widthRatio).toBeGreaterThan(0.95);
  await page.setViewportSize({ width: 769, height: 900 });
  await expect.poll(widthRatio).toBeLessThan(0.34);
});
