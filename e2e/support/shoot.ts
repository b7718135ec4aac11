import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * Screenshots at 375, 768 and 1280 px when SHOTS_DIR is set (looked at by hand, not asserted).
 * `fullPage` takes the whole page rather than the first screen.
 */
export async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Let the layout settle (the dashboard drawer animates when the width crosses its breakpoint).
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage });
  }
  if (size) await page.setViewportSize(size);
}
