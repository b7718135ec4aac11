import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { shoot } from './shoot.ts';

/** A phone's, a tablet's and a desktop's width: every screen a journey reaches is checked at each. */
export const WIDTHS = [375, 768, 1280] as const;

/** Nothing on the page is wider than the screen (no sideways scrolling). */
export async function expectNoOverflow(page: Page, what = 'the page') {
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  const width = page.viewportSize()?.width;
  expect(overflow as number, `${what} at ${width} px is wider than the screen`).toBeLessThanOrEqual(
    0,
  );
}

/**
 * At 375, 768 and 1280 px: `key` in view and nothing wider than the screen; then back to the
 * journey's own width, and screenshots of the page in SHOTS_DIR under `name`. A journey runs its
 * flow once, at one width, and checks each screen it reaches at all three this way: resizing costs
 * the browser a layout, where running the whole flow again at each width cost CI minutes (stop 47).
 */
export async function atEachWidth(page: Page, name: string, key: Locator) {
  const size = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await key.scrollIntoViewIfNeeded();
    await expect(key).toBeVisible();
    await expectNoOverflow(page, name);
  }
  if (size) await page.setViewportSize(size);
  await shoot(page, name);
}
