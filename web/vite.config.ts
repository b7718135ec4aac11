import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { preloadWhatIsMissing } from './preload-what-is-missing';

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
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // A hang guard, not a speed claim: a busy 2-core CI machine took 5 s for a table's pages.
    testTimeout: 20_000,
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    root: import.meta.dirname,
  },
}));
