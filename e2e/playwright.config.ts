import { defineConfig } from '@playwright/test';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Journeys against the built app, started by global-setup on a free port with a fresh DATA_DIR. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'journeys', testIgnore: /catalog-admin\.spec\.ts/ },
    // It imports a thousand products, newer than the demo's featured six that the home page's
    // journeys expect: it runs after them all.
    { name: 'catalog-import', testMatch: /catalog-admin\.spec\.ts/, dependencies: ['journeys'] },
  ],
});
