import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cellDisplacement, engineMatches } from './engine-match.ts';

const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;

/** The makes and models the vehicle list has, by lower-cased name, with the years of each model. */
export interface VehicleNames {
  get(make: string): { make: string; models: Map<string, Model> } | undefined;
}
interface Model {
  model: string;
  first: number;
  last: number;
}

/** Read once per import: a few hundred makes and models, whatever the size of the file. */
export async function vehicleNames(db: Database): Promise<VehicleNames> {
  // Each batch joins the vehicle list by make and model: a hash join when the planner knows its
  // size, a scan per line when it does not (a list just loaded; PGlite runs no autovacuum).
  // Tens of thousands of rows: a few milliseconds.
  await db.execute(sql`analyze vehicles`);
  const rows = (
    await db.execute<{ make: string; model: string; first: number; last: number }>(sql`
      select make, model, min(year)::int as first, max(year)::int as last
      from vehicles group by make, model order by make, model`)
  ).rows;
  const makes = new Map<string, { make: string; models: Map<string, Model> }>();
  for (const row of rows) {
    const key = row.make.toLowerCase();
    let make = makes.get(key);
    if (!make) {
      make = { make: row.make, models: new Map() };
      makes.set(key, make);
    }
    make.models.set(row.model.toLowerCase(), {
      model: row.model,
      first: row.first,
      last: row.last,
    });
  }
  return makes;
}

/** A line to look up: its part, and the years, make, model (canonical) and engine it names. */
export interface Lookup {
  line: number;
  sku: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  /** Lower-cased; '' = every engine. */
  engine: string;
}

export interface Found {
  /** The live product of the SKU, or null. */
  productId: string | null;
  /** How many vehicles the line's make and model have in its years, whatever their engine. */
  inYears: number;
  /** The vehicles of those years whose engine the line names, by id. */
  vehicleIds: number[];
}

/**
 * One statement for a batch of lines: each line's product (its SKU, case-insensitively, through
 * the `sku_key` index) and its vehicles (the batch joined to `vehicles` by make, model and year
 * range, filtered by engine). What is missing tells the line's error.
 */
export async function lookUpLines(db: Database, lines: Lookup[]): Promise<Map<number, Found>> {
  const rows = (
    await db.execute<{
      line: number;
      product_id: string | null;
      in_years: number | null;
      vehicle_ids: number[] | null;
    }>(sql`
      with x as (
        select x.*, ${cellDisplacement(sql`x.engine`)} as displacement
        from json_to_recordset(${json(lines)}) as x(
          line int, sku text, make text, model text, "yearFrom" int, "yearTo" int, engine text)
      ),
      matched as (
        select x.line, count(*)::int as in_years,
          array_agg(v.id) filter (where ${engineMatches('v', sql`x.engine`, sql`x.displacement`)}) as vehicle_ids
        from x join vehicles v
          on v.make = x.make and v.model = x.model and v.year between x."yearFrom" and x."yearTo"
        group by x.line
      ),
      parts as (
        select sku, (select p.id from products p
          where p.sku_key = regexp_replace(lower(s.sku), '[^a-z0-9]', '', 'g')
            and lower(p.sku) = lower(s.sku) and p.deleted_at is null
          order by p.sku = s.sku desc limit 1) as product_id
        from (select distinct sku from x) s
      )
      select x.line, parts.product_id, m.in_years, m.vehicle_ids
      from x join parts on parts.sku = x.sku left join matched m on m.line = x.line`)
  ).rows;
  return new Map(
    rows.map((row) => [
      row.line,
      {
        productId: row.product_id,
        inYears: row.in_years ?? 0,
        // Sorted: a line's fingerprint names its vehicles in one order.
        vehicleIds: (row.vehicle_ids ?? []).sort((a, b) => a - b),
      },
    ]),
  );
}

/** The engines of a model over some years, as a refused line's message lists them. */
export async function enginesOf(
  db: Database,
  lines: Pick<Lookup, 'line' | 'make' | 'model' | 'yearFrom' | 'yearTo'>[],
): Promise<Map<number, string[]>> {
  if (lines.length === 0) return new Map();
  const rows = (
    await db.execute<{ line: number; engines: string[] }>(sql`
      select x.line, array_agg(distinct v.engine
          || case when v.engine_code = '' then '' else ' (' || v.engine_code || ')' end) as engines
      from json_to_recordset(${json(lines)}) as x(
          line int, make text, model text, "yearFrom" int, "yearTo" int)
        join vehicles v
          on v.make = x.make and v.model = x.model and v.year between x."yearFrom" and x."yearTo"
      group by x.line`)
  ).rows;
  return new Map(rows.map((row) => [row.line, row.engines]));
}

/** A line's fitments to write: one per vehicle. */
export interface Write {
  line: number;
  productId: string;
  vehicleIds: number[];
  position: string;
  submodel: string;
  note: string;
}

/**
 * Writes a batch's fitments in one statement: an insert, or a new note where the note differs
 * (so that importing the same file again writes nothing). Two lines of the batch that name the
 * same fitment: the later line's note is kept, as a later batch's would be. Answers, for each line
 * that wrote anything, whether it added a fitment (else it only changed notes).
 */
export async function writeFitments(
  db: Database,
  writes: Write[],
): Promise<Map<number, { added: boolean }>> {
  const rows = (
    await db.execute<{ line: number; added: boolean }>(sql`
      with r as (
        select distinct on (v.id, x."productId", x.position, x.submodel)
          v.id as vehicle_id, x."productId" as product_id, x.position, x.submodel, x.note, x.line
        from json_to_recordset(${json(writes)}) as x(
            line int, "productId" uuid, "vehicleIds" json, position text, submodel text, note text)
          cross join lateral (select value::int as id from json_array_elements_text(x."vehicleIds")) v
        order by v.id, x."productId", x.position, x.submodel, x.line desc
      ),
      written as (
        insert into fitments as f (vehicle_id, product_id, position, submodel, note)
        select r.vehicle_id, r.product_id, r.position, r.submodel, r.note from r
        -- A fitment stored as it is takes no row lock (a file imported again writes nothing).
        -- A probe of the primary key per row: an anti-join would hash the whole table.
        left join lateral (select s.note from fitments s
          where s.vehicle_id = r.vehicle_id and s.product_id = r.product_id
            and s.position = r.position and s.submodel = r.submodel limit 1) s on true
        where s.note is distinct from r.note
        on conflict (vehicle_id, product_id, position, submodel) do update set note = excluded.note
          where f.note is distinct from excluded.note
        returning f.vehicle_id, f.product_id, f.position, f.submodel, (f.xmax = 0) as added
      )
      select r.line, bool_or(w.added) as added
      from written w join r using (vehicle_id, product_id, position, submodel)
      group by r.line`)
  ).rows;
  return new Map(rows.map((row) => [row.line, { added: row.added }]));
}
