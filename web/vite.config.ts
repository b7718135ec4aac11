import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The server (Fastify) answers /api and /uploads on :3000; in dev Vite forwards them there so the
// browser sees one origin, as it does in production where the server also serves web/dist.
const serverOrigin = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': serverOrigin,
      '/uploads': serverOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    root: import.meta.dirname,
  },
});
