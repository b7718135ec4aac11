import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../db/change-feed.ts';
import { createResponseCache } from './response-cache.ts';

/** A feed driven by the test: `change('products')` is what the trigger's notification does. */
function testFeed() {
  const listeners: ((table: string) => void)[] = [];
  const feed = {
    live: true as boolean,
    subscribe: (listener: (table: string) => void) => void listeners.push(listener),
    emit: (table: string) => {
      for (const listener of listeners) listener(table);
    },
    close: async () => {},
  } satisfies ChangeFeed;
  return feed;
}

describe('response cache', () => {
  const setup = (
    options: {
      maxEntries?: number;
      maxBytes?: number;
      weigh?: (body: string) => number;
      maxAgeMs?: number;
      refreshInBackground?: boolean;
    } = {},
  ) => {
    const feed = testFeed();
    let clock = 1_000;
    let reads = 0;
    let value = 'v1';
    const cache = createResponseCache({
      name: 'test',
      feed,
      tables: ['products'],
      perSecond: 4,
      burst: 2,
      now: () => clock,
      ...options,
    });
    const load = async () => {
      reads++;
      return value;
    };
    return {
      feed,
      cache,
      get: (key = 'k') => cache.get(key, load),
      set: (next: string) => {
        value = next;
      },
      tick: (ms: number) => {
        clock += ms;
      },
      reads: () => reads,
    };
  };

  it('reads once, then answers from memory', async () => {
    const t = setup();
    expect(await t.get()).toBe('v1');
    expect(await t.get()).toBe('v1');
    expect(await t.get()).toBe('v1');
    expect(t.reads()).toBe(1);
  });

  it('reads again after a change to its table, not after a change to another table', async () => {
    const t = setup();
    await t.get();
    t.set('v2');
    t.feed.emit('orders');
    expect(await t.get()).toBe('v1');
    t.feed.emit('products');
    expect(await t.get()).toBe('v2');
    expect(t.reads()).toBe(2);
    t.set('v3');
    t.feed.emit('*');
    expect(await t.get()).toBe('v3');
  });

  it('coalesces: past its budget a key answers the last bytes until the budget refills', async () => {
    const t = setup();
    await t.get();
    for (const next of ['v2', 'v3']) {
      t.set(next);
      t.feed.emit('products');
      expect(await t.get()).toBe(next);
    }
    // Burst of 2 spent: a third change within the same instant is served stale...
    t.set('v4');
    t.feed.emit('products');
    expect(await t.get()).toBe('v3');
    expect(await t.get()).toBe('v3');
    // ...for at most 1/perSecond: 250 ms later the next read is fresh.
    t.tick(250);
    expect(await t.get()).toBe('v4');
    expect(t.reads()).toBe(4);
  });

  it('with maxAgeMs, reads again once the answer is that old, with no change heard', async () => {
    const t = setup({ maxAgeMs: 500 });
    await t.get();
    t.set('v2');
    t.tick(499);
    expect(await t.get()).toBe('v1');
    t.tick(1);
    expect(await t.get()).toBe('v2');
    expect(await t.get()).toBe('v2');
    expect(t.reads()).toBe(2);
    // Without it, an answer is kept until a change.
    const forever = setup();
    await forever.get();
    forever.set('v2');
    forever.tick(60_000);
    expect(await forever.get()).toBe('v1');
  });

  it('with refreshInBackground, an old answer is answered while one read refreshes it; a change still waits', async () => {
    const t = setup({ maxAgeMs: 500, refreshInBackground: true });
    await t.get();
    t.set('v2');
    t.tick(600);
    // Old by age: the old bytes at once, and one read started for all of them.
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.get()));
    expect(answers).toEqual(Array(10).fill('v1'));
    await new Promise((r) => setImmediate(r));
    expect(t.reads()).toBe(2);
    expect(await t.get()).toBe('v2');
    // Stale by a change: never the old answer.
    t.set('v3');
    t.feed.emit('products');
    expect(await t.get()).toBe('v3');
    expect(t.reads()).toBe(3);
  });

  it('one read for many callers of a stale key at once', async () => {
    const t = setup();
    await t.get();
    t.set('v2');
    t.feed.emit('products');
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.get()));
    expect(new Set(answers)).toEqual(new Set(['v2']));
    expect(t.reads()).toBe(2);
  });

  it('keeps nothing while the feed cannot hear changes', async () => {
    const t = setup();
    t.feed.live = false;
    await t.get();
    await t.get();
    expect(t.reads()).toBe(2);
    expect(t.cache.size).toBe(0);
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const t = setup({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await t.get(key);
    expect(t.cache.size).toBe(3);
    await t.get('a');
    expect(t.reads()).toBe(5);
  });

  it('with maxBytes, keeps the newest bodies that fit, whatever their count', async () => {
    const t = setup({ maxBytes: 10, weigh: (body) => body.length });
    // 'v1' weighs 2: five keys fit (10), the sixth pushes out the oldest.
    for (const key of ['a', 'b', 'c', 'd', 'e']) await t.get(key);
    expect([t.cache.size, t.cache.bytes]).toEqual([5, 10]);
    await t.get('f');
    expect([t.cache.size, t.cache.bytes]).toEqual([5, 10]);
    expect(t.reads()).toBe(6);
    await t.get('b');
    expect(t.reads()).toBe(6);
    await t.get('a');
    expect(t.reads()).toBe(7);
    // One body heavier than the budget is kept alone (it is being answered), the rest go.
    const heavy = await t.cache.get('heavy', async () => 'x'.repeat(25));
    expect(heavy).toHaveLength(25);
    expect([t.cache.size, t.cache.bytes]).toEqual([1, 25]);
    // A body read again is weighed again; a key dropped for an unknown id gives its bytes back.
    await t.cache.get('gone', async () => undefined);
    expect(t.cache.bytes).toBe(25);
  });

  it('does not keep a missing answer (unknown id) nor a failed read', async () => {
    const t = setup();
    expect(await t.cache.get('gone', async () => undefined)).toBeUndefined();
    expect(t.cache.size).toBe(0);
    await expect(
      t.cache.get('broken', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await t.cache.get('broken', async () => 'back')).toBe('back');
  });
});
