import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL } from '../../db/change-feed.ts';
import type { Database } from '../../db/client.ts';
import { appState } from '../../db/schema.ts';
import { CAR_PART_CATEGORIES, type DemoPart, demoApplications } from './demo-fitments.ts';
import { demoVehicles } from './demo-vehicles.ts';

const SEEDED_KEY = 'demo_fitments_seeded';
/** Set by seedDemoCatalog: the demo's parts are (or were) there. */
const CATALOG_SEEDED_KEY = 'demo_catalog_seeded';
/** Applications per statement: a few hundred kilobytes of JSON at most (decision 009). */
const APPLICATIONS_PER_STATEMENT = 2500;

/** A Postgres array literal, passed as one text parameter: `{"a","b"}`. */
const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((v) => (typeof v === 'number' ? v : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;

/**
 * Seeds the demo's vehicle list and its car parts' fitments, once per database: at the first start
 * right after the demo catalog, and once on a database whose catalog was seeded before fitment
 * existed. The marker and the rows go in one transaction, like the catalog's, so vehicles an admin
 * deleted later are not refilled. Nothing is added where the demo catalog was never seeded or
 * where vehicles are there already (the shop has its own list).
 */
export async function seedDemoFitments(db: Database): Promise<{ seeded: boolean }> {
  const result = await db.transaction(async (tx) => {
    const [state] = (
      await tx.execute<{ vehicles: boolean; catalog: boolean }>(sql`
        select exists (select 1 from vehicles) as vehicles,
          exists (select 1 from app_state where key = ${CATALOG_SEEDED_KEY}) as catalog`)
    ).rows;
    if (!state || state.vehicles || !state.catalog) return { seeded: false };
    // A second process seeding at the same time waits here, then finds the marker taken.
    const marked = await tx
      .insert(appState)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appState.key });
    if (marked.length === 0) return { seeded: false };

    const vehicles = demoVehicles();
    await tx.execute(sql`
      insert into vehicles (year, make, model, engine, engine_code, fuel)
      select * from unnest(
        ${arrayLiteral(vehicles.map((v) => v.year))}::smallint[],
        ${arrayLiteral(vehicles.map((v) => v.make))}::text[],
        ${arrayLiteral(vehicles.map((v) => v.model))}::text[],
        ${arrayLiteral(vehicles.map((v) => v.engine))}::text[],
        ${arrayLiteral(vehicles.map((v) => v.engineCode))}::text[],
        ${arrayLiteral(vehicles.map((v) => v.fuel))}::text[])
      on conflict do nothing`);

    const parts = (
      await tx.execute<DemoPart & Record<string, unknown>>(sql`
        select p.sku, c.slug as category, side.value as side,
          p.available_quantity >= p.minimum_order_quantity as "inStock"
        from products p
        join categories c on c.id = p.category_id
        left join product_attributes side on side.product_id = p.id and side.name = 'side'
        where c.slug = any(${arrayLiteral(Object.keys(CAR_PART_CATEGORIES))}::text[])`)
    ).rows;
    const applications = demoApplications(parts);
    for (let from = 0; from < applications.length; from += APPLICATIONS_PER_STATEMENT) {
      const slice = applications.slice(from, from + APPLICATIONS_PER_STATEMENT);
      await tx.execute(sql`
        insert into fitments (vehicle_id, product_id, position, submodel, note)
        select v.id, p.id, x.position, x.submodel, x.note
        from json_to_recordset(${JSON.stringify(slice)}::json) as x(sku text, make text,
          model text, "yearFrom" int, "yearTo" int, engine text, "engineCode" text, position text,
          submodel text, note text)
        join products p on p.sku = x.sku
        join vehicles v on v.make = x.make and v.model = x.model
          and v.year between x."yearFrom" and x."yearTo"
          and (x.engine = '' or v.engine = x.engine)
          and (x."engineCode" = '' or v.engine_code = x."engineCode")
        on conflict do nothing`);
    }
    return { seeded: true };
  });
  // PGlite runs no autovacuum: without statistics the planner guesses wrong (see analyzeCatalog).
  if (result.seeded) await db.execute(sql`analyze vehicles, fitments`);
  // Vehicles and fitments have no trigger (fitment-cache.ts): without this, a vehicle selector
  // asked while the first start seeded answered "no vehicles" for a minute (as the import does).
  if (result.seeded) await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'fitments')`);
  return result;
}
