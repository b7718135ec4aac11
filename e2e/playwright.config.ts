import { existsSync } from 'node:fs';
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
 * Debian's old headless shell (package chromium-headless-shell), what Playwright itself runs for
 * headless Chromium, when it is installed; else the full Chromium. Same engine and version; a new
 * context costs the shell a third of the CPU (0.3 against 1.2 CPU-s) and the journeys took 915 s
 * instead of 1,437 s on two cores (stop 47). CHROMIUM_PATH overrides both.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

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
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
    // As many buyers set it: the home page's carousels stand still (decision 040). A still page
    // costs the browser nothing; a playing one half a core (software rendering), every second the
    // journey is on it. The home page's own journeys play them (storefront-home.spec.ts).
    reducedMotion: 'reduce',
    // CI records a trace on the retry of a failed journey only. Recording one for every journey
    // (to keep it on failure) cost 42% of the journeys' CPU: 183 against 106 CPU-s for the same four
    // files (quote, company-invite, returns, quick-order) on two cores, 102 s against 64 s.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
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
