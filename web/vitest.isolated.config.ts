import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { webNeedsOwnProcess, webTest } from './vite.config.ts';

/** The web files that need a worker of their own (see `webNeedsOwnProcess`). */
export default defineProject({
  plugins: [react()],
  test: { ...webTest, name: 'web-isolated', include: webNeedsOwnProcess, isolate: true },
});
