import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The database, or a transaction on it. */
export type Queryable = Pick<Database, 'execute' | 'select' | 'insert' | 'update'>;

/** A raw statement's rows, as the caller names them (the columns aliased in the statement). */
export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}
