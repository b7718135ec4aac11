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

/**
 * Files that change what every visitor sees, and check it: the home page's newest six products
 * and newest reviews. Each runs alone (after the rest, one at a time): storefront-shell and
 * storefront-home expect the demo's six (ordering and server-rendered add a product for a while); stored-script and product-admin each add one that leads; the catalog import adds a
 * thousand products, newer than all.
 */
const alone = [
  { name: 'shell', file: /storefront-shell\.spec\.ts/ },
  { name: 'home-page', file: /storefront-home\.spec\.ts/ },
  { name: 'stored-script', file: /stored-script\.spec\.ts/ },
  { name: 'product-admin', file: /product-admin\.spec\.ts/ },
  { name: 'catalog-import', file: /catalog-admin\.spec\.ts/ },
];

/** Journeys against the built app, started by global-setup on a free port with a fresh DATA_DIR. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Two files at a time on the one shared server (E2E_WORKERS): each journey signs up its own
  // accounts, so they do not meet, but for the files in `alone` below.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // CI runs the PGlite Vitest pass beside the journeys on two cores: a 15 s journey can take 60 s there.
  timeout: process.env.CI ? 120_000 : 60_000,
  // The same load: an answer drawn in 3 s alone can take 15 s there.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
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
    { name: 'journeys', testIgnore: alone.map(({ file }) => file) },
    // One after the other, after every other journey, in this order.
    ...alone.map(({ name, file }, at) => ({
      name,
      testMatch: file,
      dependencies: [at === 0 ? 'journeys' : (alone[at - 1]?.name as string)],
    })),
  ],
});
