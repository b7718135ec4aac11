import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/queryable.ts';

/**
 * Lines written from which an import analyzes the tables it wrote. PGlite runs no autovacuum, and
 * PostgreSQL's may not have come round before the next request is planned: a price list's export
 * of 100,000 lines ran 325 ms a page on a table last analyzed empty (a sort of the whole list for
 * each page), 25 ms once analyzed.
 */
export const ANALYZE_AFTER_LINES = 1000;

/** `analyze` of the tables an import wrote, when it wrote at least ANALYZE_AFTER_LINES lines. */
export async function analyzeAfterImport(db: Queryable, written: number, tables: string[]) {
  if (written < ANALYZE_AFTER_LINES) return;
  await db.execute(sql.raw(`analyze ${tables.map((table) => `"${table}"`).join(', ')}`));
}
