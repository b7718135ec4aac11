import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';

describe('the Node settings npm start gives the server (decision 024)', () => {
  it('caps the heap and the young generation; on PGlite keeps its WebAssembly on the baseline compiler', () => {
    expect(serverNodeFlags({})).toEqual([
      '--max-old-space-size=192',
      '--max-semi-space-size=4',
      '--liftoff-only',
    ]);
    expect(serverNodeFlags({ DATABASE_URL: 'postgres://db/shop' })).toEqual([
      '--max-old-space-size=192',
      '--max-semi-space-size=4',
    ]);
  });

  it('leaves a setting the user gives in NODE_OPTIONS to the user', () => {
    expect(serverNodeFlags({ NODE_OPTIONS: '--max-old-space-size=512' })).toEqual([
      '--max-semi-space-size=4',
      '--liftoff-only',
    ]);
  });

  it('are flags this Node accepts, with the values it reads back', () => {
    const run = spawnSync(
      process.execPath,
      [
        ...serverNodeFlags({}),
        '-e',
        'const v8 = require("node:v8"); console.log(JSON.stringify(v8.getHeapStatistics()))',
      ],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const heap = JSON.parse(run.stdout);
    // The old space's cap plus the young generation's (3 × 4 MB): well under Node's default.
    expect(heap.heap_size_limit).toBeLessThan(220 * 2 ** 20);
  });
});
