import { type SQL, sql } from 'drizzle-orm';

/** A displacement as a fitment's engine cell names it: "1.8L", "1.8 l" (not "1.8L L4"). */
const DISPLACEMENT_CELL = '^(\\d{1,2}(?:\\.\\d{1,2})?)\\s*[lL]$';
/** The displacement at the start of an engine's label: "1.8L L4" → 1.8. */
const LABEL_DISPLACEMENT = '^(\\d{1,2}(?:\\.\\d{1,2})?)\\s*[lL]\\M';

/** The displacement an engine cell names (1.8 for "1.8 L"), or null. */
export const cellDisplacement = (cell: SQL) =>
  sql`substring(${cell} from ${DISPLACEMENT_CELL})::numeric`;

/**
 * True when the vehicle `v` (a `vehicles` row's alias) has the engine that a fitment line's
 * engine cell names: '' names every engine; else, case-insensitively, its label ("1.8L L4"),
 * its code ("2ZR-FE"), or its displacement ("1.8L", "1.8 L"). `cell` is the cell lower-cased,
 * `displacement` its `cellDisplacement`. The import reads a line's engine with it, and the
 * export writes only engine cells that read back, with it, to the vehicles they came from.
 */
export function engineMatches(v: string, cell: SQL, displacement = cellDisplacement(cell)): SQL {
  const vehicle = sql.raw(v);
  return sql`(${cell} = ''
    or lower(${vehicle}.engine) = ${cell}
    or (${vehicle}.engine_code <> '' and lower(${vehicle}.engine_code) = ${cell})
    or (${displacement} is not null
      and substring(${vehicle}.engine from ${LABEL_DISPLACEMENT})::numeric = ${displacement}))`;
}
