import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPgliteTemplate } from '../../test/pglite-template.ts';
import { PGLITE_TURN_MS, yieldBetweenQueries } from './pglite-turns.ts';

const template = loadPgliteTemplate();
const clients: PGlite[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
});

async function open() {
  const client = await PGlite.create(template ? { loadDataDir: template } : {});
  clients.push(client);
  return client;
}

/** Runs queries one after another for `ms`; answers how long a timer set at the start waited. */
async function timerWaitDuring(client: PGlite, ms: number) {
  const started = performance.now();
  let firedAt: number | undefined;
  setTimeout(() => {
    firedAt = performance.now();
  }, 0);
  while (performance.now() - started < ms) {
    await client.query('select count(*) from generate_series(1, 2000)');
    await client.transaction((tx) => tx.query('select 1'));
  }
  return (firedAt ?? performance.now()) - started;
}

describe('PGlite queries in a loop', () => {
  it('hold the event loop for the whole loop on their own (why the wrapper exists)', async () => {
    expect(await timerWaitDuring(await open(), 300)).toBeGreaterThanOrEqual(300);
  });

  it('let the event loop turn every few milliseconds once wrapped', async () => {
    const waited = await timerWaitDuring(yieldBetweenQueries(await open()), 300);
    // One query (a few ms) past the bound at most, even on a busy machine.
    expect(waited).toBeLessThan(PGLITE_TURN_MS + 100);
  });
});
