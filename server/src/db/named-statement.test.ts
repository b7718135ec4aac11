import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { queryNamed } from './named-statement.ts';

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

  it('is prepared on PostgreSQL (on the connections that ran it), run as is on PGlite', async () => {
    // Ten at once hold every connection of the pool (max 10): each reports its own statements.
    const held = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.db.execute(
          sql`select name from pg_prepared_statements, pg_sleep(0.05) where name = 'test-double'`,
        ),
      ),
    );
    const preparedSomewhere = held.some((result) => result.rows.length > 0);
    expect(preparedSomewhere).toBe(app.dbKind === 'postgres');
  });
});
