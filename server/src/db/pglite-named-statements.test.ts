import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type TransactionWithNamedStatements,
  withNamedStatements,
} from './pglite-named-statements.ts';

/** PGlite's statements by name (decision 047), on a PGlite of their own in memory. */
describe('PGlite statements by name', async () => {
  const client = withNamedStatements(await PGlite.create());
  afterAll(() => client.close());
  const text = 'select $1::int + 1 as next';
  const prepared = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements')).rows.map(
      (row) => row.name,
    );

  it('parses a statement once under its name and binds each call', async () => {
    expect(await client.queryNamed('next', text, [1])).toEqual([{ next: 2 }]);
    expect(await client.queryNamed('next', text, [41])).toEqual([{ next: 42 }]);
    expect(await prepared()).toEqual(['next']);
  });

  it('refuses a name given with another text', async () => {
    await expect(client.queryNamed('next', 'select 1', [])).rejects.toThrow(/another text/);
    expect(await client.queryNamed('next', text, [2])).toEqual([{ next: 3 }]);
  });

  it('prepares again, once, a statement the session lost', async () => {
    await client.query('deallocate all');
    expect(await prepared()).toEqual([]);
    expect(await client.queryNamed('next', text, [9])).toEqual([{ next: 10 }]);
    expect(await prepared()).toEqual(['next']);
  });

  it('waits for a transaction in progress, as query does', async () => {
    await client.query('create table counted (n int)');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into counted values (1)');
      await held;
    });
    const counted = client.queryNamed<{ n: number }>(
      'count',
      'select count(*)::int as n from counted',
      [],
    );
    let answered = false;
    void counted.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await counted).toEqual([{ n: 1 }]);
  });

  it('runs a transaction’s statement by name in the transaction, and refuses one after it', async () => {
    const count = 'select count(*)::int as n from counted';
    let kept: TransactionWithNamedStatements | undefined;
    const inside = await client.transaction(async (tx) => {
      kept = tx as TransactionWithNamedStatements;
      await tx.query('insert into counted values (2), (3)');
      const [row] = await kept.queryNamed<{ n: number }>('count', count, []);
      await tx.rollback();
      return row?.n;
    });
    expect(inside).toBe(3);
    expect(await client.queryNamed('count', count, [])).toEqual([{ n: 1 }]);
    expect(() => kept?.queryNamed('count', count, [])).toThrow(/closed/);
  });
});
