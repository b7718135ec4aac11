import type { Readable } from 'node:stream';
import { FITMENT_CSV_COLUMNS } from '@proper-parts/domain/fitment-csv';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { csvStream } from '../../http/csv-download.ts';
import { engineMatches } from './engine-match.ts';

/** Parts read per query, with all their fitments: the table never sits in memory at once. */
const PRODUCTS_PER_QUERY = 100;

type ExportLine = {
  sku: string;
  year_from: number;
  year_to: number;
  make: string;
  model: string;
  submodel: string;
  engine: string;
  position: string;
  note: string;
};

/**
 * True when every vehicle of `n`'s model year that answers to the engine cell `cell` has the same
 * fitment as the row `f` (part, position, submodel, note): the cell then reads back to no more
 * than the part's vehicles.
 */
const onlyFitted = (cell: SQL) => sql`not exists (
  select 1 from vehicles w
  where w.year = n.year and w.make = n.make and w.model = n.model
    and ${engineMatches('w', cell)}
    and not exists (select 1 from fitments g
      where g.vehicle_id = w.id and g.product_id = f.product_id and g.position = f.position
        and g.submodel = f.submodel and g.note = f.note))`;

/**
 * The lines of the next parts (by SKU, after `after`), one per run of consecutive model years of
 * the same make, model, engine, position, submodel and note. The engine cell is one the import
 * reads back to no vehicle the part does not fit: empty when it fits every engine of the year;
 * else the engine's label ("2.0L L4", covering each engine of that label when it fits them all),
 * else its code. So a file exported imports back to exactly the rows it came from. (Only when
 * neither tells an engine apart, two engines of a year with the same label and no code, is the
 * label written, and it reads back to both.)
 */
async function linesAfter(db: Database, after: string) {
  return (
    await db.execute<ExportLine>(sql`
      with parts as (
        select p.id, p.sku from products p
        where p.deleted_at is null and p.sku > ${after}
          and exists (select 1 from fitments f where f.product_id = p.id)
        order by p.sku limit ${PRODUCTS_PER_QUERY}
      ),
      fitted as (
        select parts.sku, f.product_id, f.vehicle_id, f.position, f.submodel, f.note,
          count(*) over (partition by f.product_id, v.year, v.make, v.model, f.position, f.submodel, f.note) as engines_fitted
        from parts join fitments f on f.product_id = parts.id join vehicles v on v.id = f.vehicle_id
      ),
      named as (
        select v.id, v.year, v.make, v.model, v.engine, v.engine_code,
          (select count(*) from vehicles w
            where w.year = v.year and w.make = v.make and w.model = v.model) as engines
        from vehicles v where v.id in (select vehicle_id from fitted)
      ),
      cells as (
        select distinct f.sku, n.year, n.make, n.model, f.position, f.submodel, f.note,
          case
            when f.engines_fitted = n.engines then ''
            when ${onlyFitted(sql`lower(n.engine)`)} then n.engine
            when n.engine_code <> '' and ${onlyFitted(sql`lower(n.engine_code)`)} then n.engine_code
            else n.engine
          end as engine
        from fitted f join named n on n.id = f.vehicle_id
      ),
      runs as (
        select *, year - row_number() over (
          partition by sku, make, model, engine, position, submodel, note order by year) as run
        from cells
      )
      select sku, min(year)::int as year_from, max(year)::int as year_to,
        make, model, submodel, engine, position, note
      from runs
      group by sku, make, model, engine, position, submodel, note, run
      order by sku, make, model, year_from, engine, position, submodel, note`)
  ).rows;
}

async function* exportLines(db: Database) {
  let after = '';
  for (;;) {
    const lines = await linesAfter(db, after);
    for (const line of lines) yield FITMENT_CSV_COLUMNS.map((column) => line[column]);
    const last = lines.at(-1);
    if (!last) return;
    after = last.sku;
  }
}

/**
 * Every live part's fitment as CSV (`GET /fitment/export`), by SKU, in the columns the import
 * reads: importing the file changes nothing, and into an empty table it writes the same rows.
 * Streamed: read a hundred parts' lines, write them, read the next.
 */
export function exportFitmentCsv(db: Database): Readable {
  return csvStream(FITMENT_CSV_COLUMNS, exportLines(db));
}
