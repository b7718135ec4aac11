import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Actor } from '../auth/actor.ts';
import { createSessionCache, SESSION_BELIEVED_MS } from './session-cache.ts';

/** A change feed this test drives: live or not, and tables changed on demand. */
function testFeed() {
  const listeners: ((table: string) => void)[] = [];
  const feed: ChangeFeed & { change(table: string): void; live: boolean } = {
    live: true,
    subscribe: (listener) => void listeners.push(listener),
    emit: (table) => {
      for (const listener of listeners) listener(table);
    },
    change(table) {
      this.emit(table);
    },
    close: async () => {},
  };
  return feed;
}

const signedIn = (token: string) =>
  ({ headers: { cookie: `better-auth.session_token=${token}; theme=dark` } }) as FastifyRequest;

/** A clock the test moves, and a database look-up that counts its calls. */
function setUp(actor: Partial<Actor> = {}) {
  let time = 1_000_000;
  const feed = testFeed();
  const cache = createSessionCache({ feed, now: () => time });
  const person: Actor = {
    id: 'u1',
    email: 'buyer@example.com',
    name: 'Buyer',
    image: null,
    role: 'user',
    sessionToken: 'tok',
    ...actor,
  };
  let lookups = 0;
  const lookup = async () => {
    lookups++;
    return person;
  };
  return {
    feed,
    cache,
    lookup,
    lookups: () => lookups,
    advance: (ms: number) => {
      time += ms;
    },
    now: () => time,
  };
}

describe('the session cache (decision 008, issue 32)', () => {
  it('believes a checked session for minutes, not the 30 s a reading buyer outlasted', async () => {
    const t = setUp();
    await t.cache.resolve(signedIn('a'), t.lookup);
    t.advance(5 * 60_000);
    expect(await t.cache.resolve(signedIn('a'), t.lookup)).toMatchObject({ id: 'u1' });
    expect(t.lookups()).toBe(1);
    t.advance(SESSION_BELIEVED_MS);
    await t.cache.resolve(signedIn('a'), t.lookup);
    expect(t.lookups()).toBe(2);
  });

  it('never past the session’s own end', async () => {
    const t = setUp({ sessionExpiresAt: 1_000_000 + 90_000 });
    await t.cache.resolve(signedIn('a'), t.lookup);
    t.advance(60_000);
    await t.cache.resolve(signedIn('a'), t.lookup);
    expect(t.lookups()).toBe(1);
    t.advance(31_000);
    await t.cache.resolve(signedIn('a'), t.lookup);
    expect(t.lookups()).toBe(2);
  });

  it('asks the database again after any change to users or sessions, and while the feed is down', async () => {
    const t = setUp();
    await t.cache.resolve(signedIn('a'), t.lookup);
    t.feed.change('products');
    await t.cache.resolve(signedIn('a'), t.lookup);
    expect(t.lookups()).toBe(1);
    t.feed.change('session');
    await t.cache.resolve(signedIn('a'), t.lookup);
    expect(t.lookups()).toBe(2);
    t.feed.live = false;
    await t.cache.resolve(signedIn('a'), t.lookup);
    await t.cache.resolve(signedIn('a'), t.lookup);
    expect(t.lookups()).toBe(4);
  });

  it('keeps other credentials apart, and never keeps a session that does not exist', async () => {
    const t = setUp();
    await t.cache.resolve(signedIn('a'), t.lookup);
    await t.cache.resolve(signedIn('b'), t.lookup);
    expect(t.lookups()).toBe(2);
    let asked = 0;
    const nobody = async () => {
      asked++;
      return null;
    };
    await t.cache.resolve(signedIn('forged'), nobody);
    await t.cache.resolve(signedIn('forged'), nobody);
    expect(asked).toBe(2);
  });
});
