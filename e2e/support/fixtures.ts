import { test as base } from '@playwright/test';

/** `baseURL` is the server global-setup started; it is only known at run time. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's parameter list.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
});
export { expect } from '@playwright/test';
