import type { Database } from '../src/db/client.ts';
import type { TestApp } from './helper.ts';

/**
 * `app.db` counting the statements sent through it: by drizzle's `execute`, or by name to the
 * driver's client (db/named-statement.ts). A test passes `db` where the code takes a database
 * and asserts `statements()`: what keeps a path set-based, or a read skipped.
 */
export function countingStatements(app: TestApp): { db: Database; statements: () => number } {
  let statements = 0;
  const execute = app.db.execute.bind(app.db);
  type Client = {
    query: (...args: unknown[]) => unknown;
    queryNamed?: (...args: unknown[]) => unknown;
  };
  const client = (app.db as unknown as { $client: Client }).$client;
  const db = Object.create(app.db, {
    execute: {
      value: (...args: Parameters<typeof execute>) => {
        statements++;
        return execute(...args);
      },
    },
    $client: {
      value: Object.create(client, {
        query: {
          value: (...args: unknown[]) => {
            statements++;
            return client.query(...args);
          },
        },
        // PGlite's statements by name (db/pglite-named-statements.ts).
        ...(client.queryNamed && {
          queryNamed: {
            value: (...args: unknown[]) => {
              statements++;
              return client.queryNamed?.(...args);
            },
          },
        }),
      }),
    },
  }) as Database;
  return { db, statements: () => statements };
}
