import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { preloadWhatIsMissing } from './preload-what-is-missing.ts';

// The server (Fastify) answers /api and /uploads on :3000; in dev Vite forwards them there so the
// browser sees one origin, as it does in production where the server also serves web/dist.
const serverOrigin = 'http://localhost:3000';

const preloads = preloadWhatIsMissing();

/**
 * React Router 7's package points every import at its development build (remix-run/react-router
 * #12532, #14102): dev warnings and checks ran in every server render and shipped to browsers
 * (issue 32: a cold product page's render). Builds use its production build, which the package
 * ships beside it; `react-router/dom`'s production copy shares its chunks.
 */
const routerBuild = join(
  dirname(createRequire(import.meta.url).resolve('react-router')),
  '..',
  'production',
);
const productionRouter = [
  { find: /^react-router$/, replacement: join(routerBuild, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerBuild, 'dom-export.mjs') },
];

/** What the web test projects share (this one and vitest.isolated.config.ts). */
export const webTest = {
  environment: 'jsdom' as const,
  setupFiles: ['./test/setup.ts'],
  // A hang guard, not a speed claim: a busy 2-core CI machine took 5 s for a table's pages.
  testTimeout: 20_000,
  root: import.meta.dirname,
};

/**
 * Files that leave module state behind for the files after them in a shared worker, run each in
 * a fresh one (project `web-isolated`): the server render of a page whose chunk fails leaves
 * React Router's location context set in the shared React (every later client render of a router
 * then threw "You cannot render a <Router> inside another <Router>"), and the toaster's
 * `wanted` flag, once set, stays set.
 */
export const webNeedsOwnProcess = ['src/entry-server.test.tsx', 'src/components/toaster.test.tsx'];

export default defineConfig(({ command, isSsrBuild }) => ({
  root: import.meta.dirname,
  resolve: command === 'build' ? { alias: productionRouter } : undefined,
  plugins: [
    react(),
    tailwindcss(),
    preloads.plugin,
    // Brotli and gzip copies beside each built file, served as they are (server/src/plugins/spa.ts):
    // compressing a 200 KB chunk on every request held a hashed asset to ~600 req/s.
    // Not for the server's renderer (dist/.server), which Node imports and nobody downloads.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        threshold: 1024,
        exclude: [/\.html$/],
      }),
  ],
  server: {
    proxy: {
      '/api': serverOrigin,
      '/uploads': serverOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's renderer (`vite build --ssr`, into dist/.server) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
  },
  test: {
    ...webTest,
    name: 'web',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    exclude: webNeedsOwnProcess,
    // Files share their worker's modules with the files before it: importing React, React Router,
    // TanStack Query and the pages again for each of ~80 files was most of the run (174 s of
    // worker time against 48 s). Each test still renders into a fresh DOM with a fresh QueryClient.
    isolate: false,
  },
}));
