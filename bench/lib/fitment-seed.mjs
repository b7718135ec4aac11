// The fitment benchmark's data (`npm run bench -- fitment`), on a PostgreSQL database that already
// holds the catalog bench's products (bench/lib/catalog-seed.mjs): the demo's vehicle list (8,719
// vehicles, server/src/features/fitment/demo-vehicles.ts) and `rows` fitments, made in SQL.
//
// Only the demo's car-part categories get fitments (a third of the products), about rows / parts
// each (1 to twice that), on a run of consecutive vehicles of the list (ordered by make, model, year
// and engine: one model's years and engines, sometimes the next model's). Where a run starts is
// skewed toward the list's first makes (u² of a low-discrepancy u), so that some vehicles fit ten
// times the mean of parts, as popular cars do. Positions by category (pads front or rear, calipers
// front left…), a note on one in eight.
//
// Bulk load as the catalog's: triggers off (no foreign-key checks), the primary key and the
// product index dropped and built again after the rows are in, then VACUUM ANALYZE.
import { tsImport } from 'tsx/esm/api';

const fitmentDir = '../../server/src/features/fitment';

/** Part categories whose parts go front or rear, or on one side. */
const FRONT_OR_REAR = ['brake-pads', 'brake-discs', 'shock-absorbers', 'coil-springs'];
const SIDES = ['brake-calipers', 'control-arms', 'mirrors'];

/**
 * Fills `vehicles` and `fitments` through `query(sql, params)` (one connection); answers counts.
 * `note(line)` reports progress.
 */
export async function seedFitments(query, { rows, note = () => {} }) {
  const { demoVehicles } = await tsImport(`${fitmentDir}/demo-vehicles.ts`, import.meta.url);
  const { CAR_PART_CATEGORIES } = await tsImport(`${fitmentDir}/demo-fitments.ts`, import.meta.url);
  const vehicles = demoVehicles();
  await query(
    `insert into vehicles (year, make, model, engine, engine_code, fuel)
     select * from unnest($1::smallint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
     on conflict do nothing`,
    ['year', 'make', 'model', 'engine', 'engineCode', 'fuel'].map((key) =>
      vehicles.map((v) => v[key]),
    ),
  );
  await query(`create temp table bench_vehicles as
    select row_number() over (order by make, model, year, engine, engine_code) - 1 as n, id
    from vehicles`);
  await query('create unique index on bench_vehicles (n)');
  await query(
    `create temp table bench_parts as
     select row_number() over (order by p.id) as k, p.id, c.slug
     from products p join categories c on c.id = p.category_id
     where c.slug = any($1::text[])`,
    [Object.keys(CAR_PART_CATEGORIES)],
  );
  const [{ parts, fleet }] = await query(
    'select (select count(*)::int from bench_parts) as parts, (select count(*)::int from bench_vehicles) as fleet',
  );
  if (parts === 0) throw new Error('no car parts: seed the catalog first');
  // Lengths 1 + (k·7919 mod spread): a mean of (spread + 1) / 2 = rows / parts.
  const spread = Math.max(1, Math.min(fleet - 1, Math.round((2 * rows) / parts) - 1));
  note(`${vehicles.length} vehicles; ${parts} car parts, ~${(spread + 1) / 2} fitments each`);

  await query('set session_replication_role = replica');
  await query('set synchronous_commit = off');
  const keys = await query(`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = 'fitments'::regclass and contype = 'p'`);
  const indexes = await query(`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    where i.indrelid = 'fitments'::regclass
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`);
  for (const { name } of keys) await query(`alter table fitments drop constraint ${name}`);
  for (const { name } of indexes) await query(`drop index ${name}`);
  const started = Date.now();
  await query(
    `insert into fitments (vehicle_id, product_id, position, submodel, note)
     select v.id, p.id,
       case
         when p.slug = any($3::text[]) then case when p.k % 5 < 3 then 'front' else 'rear' end
         when p.slug = 'mirrors' then case when p.k % 2 = 0 then 'left' else 'right' end
         when p.slug = any($4::text[]) then
           case when p.k % 5 < 3 then 'front ' else 'rear ' end || case when p.k % 2 = 0 then 'left' else 'right' end
         else ''
       end,
       '',
       case when p.k % 8 = 0 then 'with sport suspension' else '' end
     from bench_parts p
     cross join lateral generate_series(0, (p.k * 7919) % $1) as i
     join bench_vehicles v
       on v.n = (floor($2::int * power((p.k * 0.6180339887498949) % 1, 2))::int + i) % $2::int`,
    [spread, fleet, FRONT_OR_REAR, SIDES],
  );
  note(`fitments in: ${Math.round((Date.now() - started) / 1000)} s`);
  await query('set session_replication_role = origin');
  await query("set maintenance_work_mem = '1GB'");
  for (const { name, def } of keys) {
    const at = Date.now();
    await query(`alter table fitments add constraint ${name} ${def}`);
    note(`primary key: ${Math.round((Date.now() - at) / 1000)} s`);
  }
  for (const { name, def } of indexes) {
    const at = Date.now();
    await query(def);
    note(`index ${name}: ${Math.round((Date.now() - at) / 1000)} s`);
  }
  await query('vacuum analyze vehicles, fitments');
  await query('checkpoint');
  const [{ count }] = await query('select count(*)::int as count from fitments');
  return { vehicles: fleet, carParts: parts, fitments: count };
}
