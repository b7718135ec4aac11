import type { Position } from '@proper-parts/domain/fitment';
import { type DemoPeriod, demoPeriods } from './demo-vehicles.ts';

/**
 * Which vehicles the demo catalog's car parts fit (issue 20), as ACES-like applications: a part,
 * a make and model, a range of model years, an engine when the part is engine-specific, a
 * position, sometimes a submodel and a note. Each application expands to one fitment per vehicle
 * in SQL (demo-fitment-seed.ts). The same parts always get the same applications: each part's
 * draws come from a generator seeded by its SKU, so neither the order nor the other parts matter.
 */

/** A demo part as read from the database: what its fitments depend on. */
export interface DemoPart {
  sku: string;
  category: string;
  /** The part's `side` specification (calipers, control arms, mirrors), or null. */
  side: string | null;
  inStock: boolean;
}

export interface DemoApplication {
  sku: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  /** '' for every engine of those years. */
  engine: string;
  engineCode: string;
  position: Position;
  submodel: string;
  note: string;
}

type Kind = 'vehicle' | 'engine';
interface CarCategory {
  kind: Kind;
  positions: (part: DemoPart, r: () => number) => Position;
  notes: readonly string[];
}

const none = () => '' as const;
const frontOrRear = (_: DemoPart, r: () => number): Position => (r() < 0.6 ? 'front' : 'rear');
const side = (part: DemoPart): 'left' | 'right' => (part.side === 'right' ? 'right' : 'left');

/**
 * The demo's car-part categories and how their parts fit. The other categories (bearings,
 * fasteners, hydraulics, tools…) are industrial: they get no fitments.
 */
export const CAR_PART_CATEGORIES: Record<string, CarCategory> = {
  'brake-pads': {
    kind: 'vehicle',
    positions: frontOrRear,
    notes: ['with sport brakes', 'with 16-inch wheels', 'without electronic parking brake'],
  },
  'brake-discs': {
    kind: 'vehicle',
    positions: frontOrRear,
    notes: ['with sport brakes', 'for 17-inch wheels', 'with 296 mm discs'],
  },
  'brake-calipers': {
    kind: 'vehicle',
    positions: (part, r) => `${frontOrRear(part, r)} ${side(part)}` as Position,
    notes: ['with single-piston caliper', 'with heavy-duty brakes'],
  },
  'shock-absorbers': {
    kind: 'vehicle',
    positions: frontOrRear,
    notes: ['with sport suspension', 'without self-levelling suspension', 'with off-road package'],
  },
  'coil-springs': {
    kind: 'vehicle',
    positions: frontOrRear,
    notes: ['with sport suspension', 'with heavy-duty suspension'],
  },
  'control-arms': {
    kind: 'vehicle',
    positions: (part) => `front ${side(part)}` as Position,
    notes: ['lower arm', 'upper arm'],
  },
  'steering-parts': { kind: 'vehicle', positions: none, notes: ['outer tie rod end'] },
  cooling: {
    kind: 'vehicle',
    positions: none,
    notes: ['automatic transmission', 'with towing package'],
  },
  windscreens: {
    kind: 'vehicle',
    positions: none,
    notes: ['with rain sensor', 'with heads-up display', 'with lane-keeping camera bracket'],
  },
  mirrors: {
    kind: 'vehicle',
    positions: (part) => side(part),
    notes: ['heated', 'with blind-spot indicator'],
  },
  'wiper-blades': { kind: 'vehicle', positions: () => 'front', notes: ['driver side'] },
  'oil-filters': { kind: 'engine', positions: none, notes: [] },
  'air-filters': { kind: 'engine', positions: none, notes: [] },
  'fuel-filters': { kind: 'engine', positions: none, notes: ['in-tank filter'] },
  pistons: { kind: 'engine', positions: none, notes: ['standard bore', '0.50 mm oversize'] },
  gaskets: { kind: 'engine', positions: none, notes: ['cylinder head gasket'] },
  'spark-plugs': { kind: 'engine', positions: none, notes: [] },
  'fuel-injectors': { kind: 'engine', positions: none, notes: [] },
  'clutch-kits': { kind: 'engine', positions: none, notes: ['manual transmission only'] },
  'alternators-and-starters': {
    kind: 'engine',
    positions: none,
    notes: ['with start-stop', 'with 150 A option'],
  },
};

const SUBMODELS = ['Base', 'Sport', 'Limited', 'Touring'] as const;

/** Makes that share platforms and engines: a part often fits both. */
const TWINS: Record<string, string[]> = {
  Chevrolet: ['GMC', 'Buick', 'Cadillac'],
  GMC: ['Chevrolet'],
  Buick: ['Chevrolet'],
  Cadillac: ['Chevrolet'],
  Toyota: ['Lexus'],
  Lexus: ['Toyota'],
  Honda: ['Acura'],
  Acura: ['Honda'],
  Nissan: ['Infiniti'],
  Infiniti: ['Nissan'],
  Hyundai: ['Kia'],
  Kia: ['Hyundai'],
  Ford: ['Lincoln'],
  Lincoln: ['Ford'],
  Dodge: ['Chrysler', 'Ram', 'Jeep'],
  Chrysler: ['Dodge'],
  Ram: ['Dodge'],
  Jeep: ['Dodge', 'Chrysler'],
  Volkswagen: ['Audi'],
  Audi: ['Volkswagen', 'Porsche'],
  Porsche: ['Audi'],
  BMW: ['Mini'],
  Mini: ['BMW'],
};

/** mulberry32 seeded by the SKU's FNV-1a hash. */
function randomFor(sku: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < sku.length; i++) state = Math.imul(state ^ sku.charCodeAt(i), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, items: readonly T[]): T =>
  items[Math.floor(r() * items.length)] as T;

/** The vehicle list, indexed the ways the applications are drawn. */
interface Index {
  periods: DemoPeriod[];
  byMake: Map<string, DemoPeriod[]>;
  /** Makes repeated by their count of periods: popular makes get more parts. */
  makes: string[];
}

function indexPeriods(): Index {
  const periods = demoPeriods().filter((p) => p.to >= 1995 && p.from <= 2026);
  const byMake = new Map<string, DemoPeriod[]>();
  for (const period of periods)
    byMake.set(period.make, [...(byMake.get(period.make) ?? []), period]);
  return { periods, byMake, makes: periods.map((p) => p.make) };
}

/** Often the whole run of a generation, sometimes a part of it (a mid-cycle change). */
function yearsWithin(r: () => number, from: number, to: number): [number, number] {
  if (to - from < 2 || r() < 0.65) return [from, to];
  const cut = from + 1 + Math.floor(r() * (to - from - 1));
  return r() < 0.5 ? [from, cut] : [cut, to];
}

function qualifiers(r: () => number, part: DemoPart, category: CarCategory) {
  const position = category.positions(part, r);
  const note = category.notes.length > 0 && r() < 0.15 ? pick(r, category.notes) : '';
  const submodel = category.kind === 'vehicle' && r() < 0.08 ? pick(r, SUBMODELS) : '';
  return { position, note, submodel };
}

/** A platform part: one model's generation, sometimes one engine, sometimes a sibling model too. */
function vehicleApplications(r: () => number, part: DemoPart, index: Index): DemoApplication[] {
  const category = CAR_PART_CATEGORIES[part.category] as CarCategory;
  const make = pick(r, index.makes);
  const period = pick(r, index.byMake.get(make) as DemoPeriod[]);
  const [yearFrom, yearTo] = yearsWithin(r, period.from, period.to);
  const { position, note, submodel } = qualifiers(r, part, category);
  const base = { sku: part.sku, position, note, submodel, engineCode: '' };
  const engineSpecific = period.engines.length > 1 && r() < 0.2;
  const engine = engineSpecific ? pick(r, period.engines).engine : '';
  const applications = [{ ...base, make, model: period.model, yearFrom, yearTo, engine }];
  if (engineSpecific || r() < 0.65) return applications;
  // A sibling: another model of the make or of a twin make, sold in some of the same years.
  const makes = r() < 0.5 || !TWINS[make] ? [make] : (TWINS[make] as string[]);
  const siblings = makes
    .flatMap((m) => index.byMake.get(m) ?? [])
    .filter((p) => p.model !== period.model && p.from <= yearTo && p.to >= yearFrom);
  if (siblings.length === 0) return applications;
  const sibling = pick(r, siblings);
  applications.push({
    ...base,
    make: sibling.make,
    model: sibling.model,
    yearFrom: Math.max(yearFrom, sibling.from),
    yearTo: Math.min(yearTo, sibling.to),
    engine: '',
  });
  return applications;
}

/** An engine part: one engine (label and code) in one to three models, of its make or a twin's. */
function engineApplications(r: () => number, part: DemoPart, index: Index): DemoApplication[] {
  const category = CAR_PART_CATEGORIES[part.category] as CarCategory;
  const make = pick(r, index.makes);
  const combustion = (index.byMake.get(make) as DemoPeriod[]).flatMap((period) =>
    period.engines.filter((e) => e.fuel !== 'electric').map((e) => ({ period, ...e })),
  );
  if (combustion.length === 0) return [];
  const chosen = pick(r, combustion);
  const sameEngine = (p: DemoPeriod) =>
    p.engines.some((e) => e.engine === chosen.engine && e.engineCode === chosen.engineCode);
  const makes = chosen.engineCode && r() < 0.3 ? [make, ...(TWINS[make] ?? [])] : [make];
  const others = makes
    .flatMap((m) => index.byMake.get(m) ?? [])
    .filter((p) => p !== chosen.period && sameEngine(p) && (chosen.engineCode || p.make === make));
  const count = Math.floor(r() * 3);
  const periods = [chosen.period];
  for (let i = 0; i < count && others.length > 0; i++)
    periods.push(others.splice(Math.floor(r() * others.length), 1)[0] as DemoPeriod);
  const { position, note, submodel } = qualifiers(r, part, category);
  return periods.map((period, i) => {
    const [yearFrom, yearTo] =
      i === 0 ? yearsWithin(r, period.from, period.to) : [period.from, period.to];
    return {
      sku: part.sku,
      make: period.make,
      model: period.model,
      yearFrom,
      yearTo,
      engine: chosen.engine,
      engineCode: chosen.engineCode,
      position,
      submodel,
      note,
    };
  });
}

/** The e2e journey's car: a few in-stock parts of each kind fit the 2015 Toyota Corolla 1.8L. */
const COROLLA_SHOWCASE: Record<string, { count: number; position: Position }[]> = {
  'brake-pads': [
    { count: 4, position: 'front' },
    { count: 2, position: 'rear' },
  ],
  'brake-discs': [{ count: 2, position: 'front' }],
  'shock-absorbers': [
    { count: 1, position: 'front' },
    { count: 1, position: 'rear' },
  ],
  'oil-filters': [{ count: 2, position: '' }],
  'air-filters': [{ count: 1, position: '' }],
  'spark-plugs': [{ count: 1, position: '' }],
  'wiper-blades': [{ count: 1, position: 'front' }],
};

function corollaApplication(
  sku: string,
  position: Position,
  category: CarCategory,
  first: boolean,
) {
  const engineSpecific = category.kind === 'engine';
  return {
    sku,
    make: 'Toyota',
    model: 'Corolla',
    // The first of each kind fits the 2009–2019 cars, the others the 2014–2019 generation.
    yearFrom: first ? 2009 : 2014,
    yearTo: 2019,
    engine: engineSpecific ? '1.8L L4' : '',
    engineCode: engineSpecific ? '2ZR-FE' : '',
    position,
    submodel: '',
    note: '',
  };
}

/** The applications of the given parts; parts outside the car categories get none. */
export function demoApplications(parts: DemoPart[]): DemoApplication[] {
  const index = indexPeriods();
  const showcase = new Map<string, DemoApplication>();
  const sorted = [...parts].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  for (const [slug, groups] of Object.entries(COROLLA_SHOWCASE)) {
    const inStock = sorted.filter((p) => p.category === slug && p.inStock);
    let at = 0;
    for (const { count, position } of groups)
      for (let i = 0; i < count && at < inStock.length; i++, at++) {
        const sku = (inStock[at] as DemoPart).sku;
        const category = CAR_PART_CATEGORIES[slug] as CarCategory;
        showcase.set(sku, corollaApplication(sku, position, category, i === 0));
      }
  }
  return sorted.flatMap((part) => {
    const category = CAR_PART_CATEGORIES[part.category];
    if (!category) return [];
    const pinned = showcase.get(part.sku);
    if (pinned) return [pinned];
    const r = randomFor(part.sku);
    return category.kind === 'engine'
      ? engineApplications(r, part, index)
      : vehicleApplications(r, part, index);
  });
}
