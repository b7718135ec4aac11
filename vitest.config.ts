import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['domain/vitest.config.ts', 'server/vitest.config.ts', 'web/vite.config.ts'],
  },
});
