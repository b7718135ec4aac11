import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { queryNamed } from './named-statement.ts';

type UnnamedQuery = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('a statement run by name', async () => {
  const app = await buildTestApp();
  const text = 'select $1::int * 2 as doubled, $2::text as label';

  it('answers each call with its own values, many at once on every pooled connection', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        queryNamed<{ doubled: number; label: string }>(app.db, 'test-double', text, [n, `n${n}`]),
      ),
    );
    expect(answers.map(([row]) => row)).toEqual(
      Array.from({ length: 40 }, (_, n) => ({ doubled: n * 2, label: `n${n}` })),
    );
  });

  it('is prepared: on PostgreSQL on the connections that ran it, on PGlite in its one session', async () => {
    // Ten at once hold every connection of the pool (max 10): each reports its own statements.
    const held = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.db.execute(
          sql`select name from pg_prepared_statements, pg_sleep(0.05) where name = 'test-double'`,
        ),
      ),
    );
    const preparedSomewhere = held.some((result) => result.rows.length > 0);
    expect(preparedSomewhere).toBe(true);
  });

  it('reads and writes every kind of value as an unnamed statement does', async () => {
    const kinds =
      'select $1::uuid[] as ids, $2::jsonb as doc, $3::text as missing, $4::timestamptz as at, ' +
      '$5::int8 as big, $6::numeric as amount, $7::boolean as yes, $8::text[] as words';
    const values = [
      ['0f8fad5b-d9cb-469f-a165-70867728950e', '7c9e6679-7425-40de-944b-e07fc1f90ae7'],
      JSON.stringify({ a: [1, 'two'], quote: 'it\'s "x"' }),
      null,
      new Date('2026-12-01T12:00:00.000Z'),
      9_007_199_254_740_993n,
      '12.50',
      true,
      ['a,b', 'c"d', ''],
    ];
    const [named] = await queryNamed(app.db, 'test-kinds', kinds, values);
    // The same statement unnamed, through the driver's client.
    const client = (app.db as unknown as { $client: { query: UnnamedQuery } }).$client;
    const [unnamed] = (await client.query(kinds, values)).rows;
    expect(named).toEqual(unnamed);
    expect(named).toMatchObject({
      ids: values[0],
      doc: { a: [1, 'two'], quote: 'it\'s "x"' },
      missing: null,
      at: values[3],
      amount: '12.50',
      yes: true,
      words: values[7],
    });
    expect(String((named as { big: unknown }).big)).toBe('9007199254740993');
  });

  it('throws the database’s error for a failing call, and the next call is answered', async () => {
    const text = 'select 10 / $1::int as share';
    await expect(queryNamed(app.db, 'test-share', text, [0])).rejects.toMatchObject({
      code: '22012',
    });
    expect(await queryNamed(app.db, 'test-share', text, [5])).toEqual([{ share: 2 }]);
    await expect(queryNamed(app.db, 'test-bad', 'select from from', [])).rejects.toMatchObject({
      code: '42601',
    });
    expect(await queryNamed(app.db, 'test-share', text, [2])).toEqual([{ share: 5 }]);
  });

  it('runs inside a transaction on the transaction', async () => {
    const name = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local application_name = 'named-in-transaction'`);
      const [row] = await queryNamed<{ name: string }>(
        tx,
        'test-application-name',
        `select current_setting('application_name') as name`,
        [],
      );
      return row?.name;
    });
    expect(name).toBe('named-in-transaction');
  });
});
