import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseDigest, watchTables } from './database-digest.ts';
import { buildTestApp } from './helper.ts';
import { createProduct } from './order-helpers.ts';

/** The junk sweep's change detector: as strict as comparing whole digests, on both databases. */
describe('watchTables', async () => {
  const app = await buildTestApp();
  const product = await createProduct(app, { sku: 'DIGEST-1', name: 'Digest Part' });
  const changedSinceLastCall = await watchTables(app);

  it('answers nothing when nothing was written', async () => {
    await app.db.execute(sql`select count(*) from products`);
    expect(await changedSinceLastCall()).toEqual([]);
  });

  it('names a table whose rows changed (and those its triggers changed), once', async () => {
    await app.db.execute(sql`update products set name = 'Renamed' where id = ${product.id}`);
    expect(await changedSinceLastCall()).toEqual(['products', 'search_words']);
    expect(await changedSinceLastCall()).toEqual([]);
  });

  it('sends nothing when no statement ran since the last call; checks again after one', async () => {
    await changedSinceLastCall();
    // Every statement to the database, the watcher's own included.
    type Send = (...args: unknown[]) => unknown;
    const door = (
      app.dbKind === 'pglite'
        ? (app.db as unknown as { $client: object }).$client
        : pg.Client.prototype
    ) as Record<string, Send>;
    const method = app.dbKind === 'pglite' ? 'execProtocolStream' : 'query';
    const send = door[method] as Send;
    let sent = 0;
    door[method] = function (this: unknown, ...args: unknown[]) {
      sent++;
      return send.apply(this, args);
    };
    try {
      expect(await changedSinceLastCall()).toEqual([]);
      const sentWhenIdle = sent;
      await app.db.execute(
        sql`update products set name = 'Renamed again' where id = ${product.id}`,
      );
      sent = 0;
      expect(await changedSinceLastCall()).toEqual(['products', 'search_words']);
      expect({ sentWhenIdle, checkedAfterAWrite: sent > 0 }).toEqual({
        sentWhenIdle: 0,
        checkedAfterAWrite: true,
      });
    } finally {
      door[method] = send;
    }
  });

  it('leaves out a write that changed no row: an update to the same values, a delete of nothing', async () => {
    await app.db.execute(sql`update products set name = name where id = ${product.id}`);
    await app.db.execute(sql`delete from reviews where false`);
    expect(await changedSinceLastCall()).toEqual([]);
  });

  it('leaves out a write that was rolled back', async () => {
    await app.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from products where id = ${product.id}`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await changedSinceLastCall()).toEqual([]);
  });

  it('sees a row added and another removed in one go, as the whole digest does', async () => {
    const before = await databaseDigest(app);
    await createProduct(app, { sku: 'DIGEST-2', name: 'Second Part' });
    const changed = await changedSinceLastCall();
    expect(changed).toContain('products');
    const after = await databaseDigest(app);
    expect(
      Object.keys(after)
        .filter((name) => after[name] !== before[name])
        .sort(),
    ).toEqual([...changed].sort());
  });
});
