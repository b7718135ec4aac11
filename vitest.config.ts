import { defineConfig } from 'vitest/config';
import { serverProjects } from './server/vitest.config.ts';
import SlowFirstSequencer from './slow-first-sequencer.ts';

export default defineConfig({
  test: {
    projects: [
      'domain/vitest.config.ts',
      ...serverProjects,
      'web/vite.config.ts',
      'web/vitest.isolated.config.ts',
    ],
    sequence: { sequencer: SlowFirstSequencer },
    // Two cores: a worker each (Vitest's default, cores - 1, left one of them idle).
    maxWorkers: 2,
  },
});
