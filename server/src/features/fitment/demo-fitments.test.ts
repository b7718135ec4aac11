import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { seedDemoCatalog } from '../catalog/demo-seed.ts';
import { seedDemoFitments } from './demo-fitment-seed.ts';
import { CAR_PART_CATEGORIES, type DemoPart, demoApplications } from './demo-fitments.ts';
import { demoMakes, demoVehicles } from './demo-vehicles.ts';

describe('the demo vehicle list (issue 20)', () => {
  const vehicles = demoVehicles();

  it('has 30 makes, their model years within 1995–2026, and about 10^4 vehicles', () => {
    expect(Object.keys(demoMakes)).toHaveLength(30);
    expect(new Set(vehicles.map((v) => v.make)).size).toBe(30);
    expect(vehicles.length).toBeGreaterThanOrEqual(5000);
    expect(vehicles.length).toBeLessThanOrEqual(15000);
    for (const v of vehicles) {
      expect(v.year).toBeGreaterThanOrEqual(1995);
      expect(v.year).toBeLessThanOrEqual(2026);
    }
  });

  it('has no duplicate vehicle, nor two engines of one label in a year and model', () => {
    const keys = vehicles.map((v) => `${v.year}|${v.make}|${v.model}|${v.engine}`);
    expect(new Set(keys).size).toBe(vehicles.length);
  });

  it('reads fuels from the labels', () => {
    const fuel = (engine: string) => vehicles.find((v) => v.engine === engine)?.fuel;
    expect(fuel('1.8L L4 Hybrid')).toBe('hybrid');
    expect(fuel('3.0L V6 Turbo Diesel')).toBe('diesel');
    expect(fuel('Electric Dual Motor')).toBe('electric');
    expect(fuel('1.8L L4')).toBe('gas');
  });

  it('has the e2e journey’s car: a 2015 Toyota Corolla 1.8L L4 (2ZR-FE)', () => {
    expect(
      vehicles.filter((v) => v.year === 2015 && v.make === 'Toyota' && v.model === 'Corolla'),
    ).toEqual([
      {
        year: 2015,
        make: 'Toyota',
        model: 'Corolla',
        engine: '1.8L L4',
        engineCode: '2ZR-FE',
        fuel: 'gas',
      },
    ]);
  });
});

describe('the demo applications', () => {
  const parts: DemoPart[] = Object.keys(CAR_PART_CATEGORIES).flatMap((category, c) =>
    Array.from({ length: 20 }, (_, i) => ({
      sku: `${category.slice(0, 3).toUpperCase()}-${c}-${i}`,
      category,
      side: i % 2 ? 'right' : 'left',
      inStock: i % 5 !== 0,
    })),
  );

  it('are the same for the same parts, in any order', () => {
    const applications = demoApplications(parts);
    expect(demoApplications([...parts].reverse())).toEqual(applications);
  });

  it('give industrial parts none, and keep positions and years realistic', () => {
    expect(
      demoApplications([{ sku: 'BRG-6204', category: 'ball-bearings', side: null, inStock: true }]),
    ).toEqual([]);
    for (const a of demoApplications(parts)) {
      expect(a.yearFrom).toBeLessThanOrEqual(a.yearTo);
      if (a.sku.startsWith('OIL') || a.sku.startsWith('SPA')) expect(a.engine).not.toBe('');
      if (a.sku.startsWith('MIR')) expect(['left', 'right']).toContain(a.position);
    }
  });
});

describe('seeding the demo fitments', async () => {
  const app = await buildTestApp();
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await app.db.execute<{ n: number }>(query)).rows[0]?.n);
  const digest = () =>
    app.db.execute(sql`select
      (select count(*)::int from vehicles) as vehicles,
      (select count(*)::int from fitments) as fitments,
      (select md5(string_agg(f.vehicle_id || f.product_id::text || f.position || f.submodel || f.note, ','
        order by f.vehicle_id, f.product_id, f.position, f.submodel)) from fitments f) as rows`);

  // The demo catalog first (as at a first start, or at an earlier one): slow on a busy machine.
  const beforeCatalog = await seedDemoFitments(app.db);
  const vehiclesBeforeCatalog = await count(sql`select count(*)::int as n from vehicles`);
  await seedDemoCatalog(app.db);

  it('adds nothing before the demo catalog is there', () => {
    expect(beforeCatalog).toEqual({ seeded: false });
    expect(vehiclesBeforeCatalog).toBe(0);
  });

  it('seeds the vehicles and the car parts’ fitments once, a catalog seeded before or not', async () => {
    const years = async () =>
      (await app.inject({ url: '/api/v1/vehicles/years' })).json().data as number[];
    // Asked while the first start seeds: the empty answer is cached (fitment-cache.ts).
    expect(await years()).toEqual([]);
    const started = performance.now();
    expect(await seedDemoFitments(app.db)).toEqual({ seeded: true });
    // The seed tells the caches: the vehicles show now, not once the answer is a minute old.
    await vi.waitFor(async () => expect((await years()).length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    console.log(`demo fitments seeded in ${Math.round(performance.now() - started)} ms`);
    expect(await count(sql`select count(*)::int as n from vehicles`)).toBe(demoVehicles().length);
    const fitments = await count(sql`select count(*)::int as n from fitments`);
    expect(fitments).toBeGreaterThan(20_000);
    const before = (await digest()).rows;
    expect(await seedDemoFitments(app.db)).toEqual({ seeded: false });
    expect((await digest()).rows).toEqual(before);
  }, 60_000);

  it('gives fitments to car parts only, most of them', async () => {
    const { rows } = await app.db.execute<{ slug: string; parts: number; fitted: number }>(sql`
      select c.slug, count(*)::int as parts,
        count(*) filter (where exists (select 1 from fitments f where f.product_id = p.id))::int as fitted
      from products p join categories c on c.id = p.category_id
      group by c.slug`);
    for (const row of rows) {
      if (row.slug in CAR_PART_CATEGORIES)
        expect(row.fitted, row.slug).toBeGreaterThan(row.parts * 0.9);
      else expect(row.fitted, row.slug).toBe(0);
    }
  });

  it('has in-stock front brake pads for the 2015 Toyota Corolla 1.8L', async () => {
    const pads = await count(sql`
      select count(distinct p.id)::int as n
      from vehicles v
      join fitments f on f.vehicle_id = v.id and f.position = 'front'
      join products p on p.id = f.product_id and p.available_quantity >= p.minimum_order_quantity
      join categories c on c.id = p.category_id and c.slug = 'brake-pads'
      where v.year = 2015 and v.make = 'Toyota' and v.model = 'Corolla' and v.engine = '1.8L L4'`);
    expect(pads).toBeGreaterThanOrEqual(3);
  });
});
