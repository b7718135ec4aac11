/**
 * The demo catalog's taxonomy (issue 16): top-level categories of industrial, machine and car
 * parts, their subcategories (some with a third level), and for each leaf what its parts look
 * like: a part-number shape, the specifications a buyer compares, a price range. Read by
 * demo-generator.ts; every product image is the top-level category's picture
 * (`web/public/images/categories/<slug>.svg`).
 */

export type Rng = () => number;

export const pick = <T>(r: Rng, items: readonly T[]): T =>
  items[Math.floor(r() * items.length)] as T;
export const between = (r: Rng, low: number, high: number) =>
  low + Math.floor(r() * (high - low + 1));

/** One specification of a part: the key used in `attr.<name>`, its value, and its unit. */
export interface DemoAttribute {
  name: string;
  value: string;
  num: number | null;
  unit: string | null;
}

/** What a leaf makes of one random draw: the model (the core of its part numbers), specs and a title. */
export interface DemoPart {
  model: string;
  title: string;
  attributes: DemoAttribute[];
}

export interface LeafCategory {
  slug: string;
  name: string;
  /** The shop's part-number prefix: `BRG` gives `BRG-6204-2RS`. */
  code: string;
  /** Price of one piece, in cents. */
  price: [number, number];
  /** Typical pack sizes; the minimum order is one or two packs. */
  packs: readonly number[];
  blurb: string;
  make: (r: Rng) => DemoPart;
}

export interface Category {
  slug: string;
  name: string;
  children: (LeafCategory | Category)[];
}

export const isLeaf = (category: LeafCategory | Category): category is LeafCategory =>
  'make' in category;

export const mm = (name: string, num: number): DemoAttribute => ({
  name,
  value: String(num),
  num,
  unit: 'mm',
});
export const measure = (name: string, num: number, unit: string): DemoAttribute => ({
  name,
  value: String(num),
  num,
  unit,
});
export const label = (name: string, value: string): DemoAttribute => ({
  name,
  value,
  num: null,
  unit: null,
});

// ── bearings: ISO 15 boundary dimensions of the 60, 62 and 63 series, sizes 00 to 10 ──
const bearingSeries: Record<string, { od: number[]; width: number[] }> = {
  '60': {
    od: [26, 28, 32, 35, 42, 47, 55, 62, 68, 75, 80],
    width: [8, 8, 9, 10, 12, 12, 13, 14, 15, 16, 16],
  },
  '62': {
    od: [30, 32, 35, 40, 47, 52, 62, 72, 80, 85, 90],
    width: [9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20],
  },
  '63': {
    od: [35, 37, 42, 47, 52, 62, 72, 80, 90, 100, 110],
    width: [11, 12, 13, 14, 15, 17, 19, 21, 23, 25, 27],
  },
};
const boreOf = (size: number) => [10, 12, 15, 17][size] ?? size * 5;
const seals = [
  { suffix: '-2RS', name: 'rubber seals' },
  { suffix: 'ZZ', name: 'metal shields' },
  { suffix: '', name: 'open' },
] as const;

function ballBearing(r: Rng): DemoPart {
  const series = pick(r, ['60', '62', '62', '63']);
  const size = between(r, 0, 10);
  const seal = pick(r, seals);
  const dims = bearingSeries[series] as { od: number[]; width: number[] };
  const bore = boreOf(size);
  const od = dims.od[size] as number;
  const width = dims.width[size] as number;
  const model = `${series}${String(size).padStart(2, '0')}${seal.suffix}`;
  return {
    model,
    title: `Deep Groove Ball Bearing ${model}, ${bore} x ${od} x ${width} mm`,
    attributes: [
      mm('bore', bore),
      mm('outer_diameter', od),
      mm('width', width),
      label('seal', seal.name),
    ],
  };
}

function roundBearing(noun: string, prefix: string) {
  return (r: Rng): DemoPart => {
    const bore = pick(r, [15, 17, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
    const od = bore + between(r, 2, 6) * 5;
    const width = between(r, 12, 30);
    const model = `${prefix}${bore}${od}${width}`;
    return {
      model,
      title: `${noun} ${model}, ${bore} x ${od} x ${width} mm`,
      attributes: [mm('bore', bore), mm('outer_diameter', od), mm('width', width)],
    };
  };
}

// ── fasteners: metric threads, ISO property classes ──
const threads = [3, 4, 5, 6, 8, 10, 12, 16, 20, 24];
const finishes = [
  { code: 'ZN', name: 'zinc plated' },
  { code: 'BLK', name: 'black oxide' },
  { code: 'A2', name: 'stainless A2' },
  { code: 'HDG', name: 'hot-dip galvanised' },
] as const;

function screw(noun: string, grades: readonly string[]) {
  return (r: Rng): DemoPart => {
    const d = pick(r, threads);
    const length = pick(
      r,
      [8, 10, 12, 16, 20, 25, 30, 35, 40, 50, 60, 80, 100].filter((l) => l >= d * 2),
    );
    const grade = pick(r, grades);
    const finish = pick(r, finishes);
    const model = `M${d}X${length}-${grade}-${finish.code}`;
    return {
      model,
      title: `${noun} M${d} x ${length} mm, class ${grade}, ${finish.name}`,
      attributes: [
        measure('thread_diameter', d, 'mm'),
        mm('length', length),
        label('grade', grade),
        label('finish', finish.name),
      ],
    };
  };
}

function threadOnly(noun: string, code: string) {
  return (r: Rng): DemoPart => {
    const d = pick(r, threads);
    const finish = pick(r, finishes);
    const model = `${code}M${d}-${finish.code}`;
    return {
      model,
      title: `${noun} M${d}, ${finish.name}`,
      attributes: [measure('thread_diameter', d, 'mm'), label('finish', finish.name)],
    };
  };
}

/** A part whose number is a family code and digits, with one or two numeric ratings. */
function rated(
  noun: string,
  family: string,
  specs: { name: string; unit: string; values: readonly number[] }[],
  labels: { name: string; values: readonly string[] }[] = [],
) {
  return (r: Rng): DemoPart => {
    const attributes: DemoAttribute[] = [];
    const parts: string[] = [];
    for (const spec of specs) {
      const num = pick(r, spec.values);
      attributes.push(measure(spec.name, num, spec.unit));
      parts.push(`${num} ${spec.unit}`);
    }
    for (const l of labels) {
      const value = pick(r, l.values);
      attributes.push(label(l.name, value));
      parts.push(value);
    }
    const model = `${family}${between(r, 100, 999)}-${String(attributes[0]?.num ?? 0).replace('.', '')}`;
    return { model, title: `${noun} ${model}, ${parts.join(', ')}`, attributes };
  };
}

const leaf = (
  slug: string,
  name: string,
  code: string,
  price: [number, number],
  packs: readonly number[],
  blurb: string,
  make: (r: Rng) => DemoPart,
): LeafCategory => ({ slug, name, code, price, packs, blurb, make });

const one = [1] as const;
const few = [1, 2, 5] as const;
const many = [10, 25, 50, 100] as const;

export const taxonomy: Category[] = [
  {
    slug: 'bearings',
    name: 'Bearings',
    children: [
      leaf(
        'ball-bearings',
        'Ball Bearings',
        'BRG',
        [180, 2400],
        [1, 10],
        'Chrome steel rings and balls, pre-greased for life, P0 tolerance class.',
        ballBearing,
      ),
      leaf(
        'tapered-roller-bearings',
        'Tapered Roller Bearings',
        'TRB',
        [900, 6500],
        few,
        'Cone and cup set for combined radial and axial loads in wheel hubs and gearboxes.',
        roundBearing('Tapered Roller Bearing', '3'),
      ),
      leaf(
        'needle-bearings',
        'Needle Roller Bearings',
        'NRB',
        [250, 1800],
        [1, 10],
        'Drawn-cup needle roller bearing for compact shafts with high radial load.',
        roundBearing('Needle Roller Bearing', 'HK'),
      ),
      leaf(
        'pillow-block-bearings',
        'Pillow Block Bearings',
        'PBB',
        [1200, 8900],
        one,
        'Cast-iron housed insert bearing with grease nipple and set-screw locking.',
        roundBearing('Pillow Block Bearing', 'UCP'),
      ),
      leaf(
        'linear-bearings',
        'Linear Bearings',
        'LIN',
        [600, 4800],
        few,
        'Recirculating-ball linear bushing for hardened shafts on guides and gantries.',
        roundBearing('Linear Ball Bushing', 'LM'),
      ),
    ],
  },
  {
    slug: 'fasteners',
    name: 'Fasteners',
    children: [
      {
        slug: 'bolts-and-screws',
        name: 'Bolts and Screws',
        children: [
          leaf(
            'hex-bolts',
            'Hex Bolts',
            'HXB',
            [4, 190],
            many,
            'Hexagon head bolt to ISO 4014 / 4017, rolled thread.',
            screw('Hex Bolt', ['8.8', '10.9', '12.9']),
          ),
          leaf(
            'socket-cap-screws',
            'Socket Cap Screws',
            'SCS',
            [5, 240],
            many,
            'Hexagon socket head cap screw to ISO 4762 for machine building.',
            screw('Socket Cap Screw', ['8.8', '10.9', '12.9']),
          ),
          leaf(
            'threaded-rod',
            'Threaded Rod',
            'THR',
            [90, 1900],
            [1, 5, 10],
            'Fully threaded rod, 1 m lengths, for anchoring and hangers.',
            threadOnly('Threaded Rod 1 m', 'TR'),
          ),
        ],
      },
      {
        slug: 'nuts-and-washers',
        name: 'Nuts and Washers',
        children: [
          leaf(
            'hex-nuts',
            'Hex Nuts',
            'NUT',
            [2, 90],
            many,
            'Hexagon nut to ISO 4032, property class 8.',
            threadOnly('Hex Nut', 'N'),
          ),
          leaf(
            'lock-nuts',
            'Lock Nuts',
            'LKN',
            [4, 140],
            many,
            'Prevailing-torque nut with nylon insert to ISO 7040.',
            threadOnly('Nylon Insert Lock Nut', 'NL'),
          ),
          leaf(
            'washers',
            'Washers',
            'WSH',
            [1, 40],
            many,
            'Flat washer to ISO 7089, 200 HV.',
            threadOnly('Flat Washer', 'W'),
          ),
        ],
      },
    ],
  },
  {
    slug: 'hydraulics',
    name: 'Hydraulics',
    children: [
      leaf(
        'hydraulic-pumps',
        'Hydraulic Pumps',
        'HYP',
        [9000, 64000],
        one,
        'External gear pump for power packs and mobile machinery.',
        rated('Hydraulic Gear Pump', 'GP', [
          { name: 'displacement', unit: 'cc', values: [4, 6, 8, 11, 16, 20, 25, 32] },
          { name: 'pressure', unit: 'bar', values: [180, 210, 250] },
        ]),
      ),
      leaf(
        'hydraulic-cylinders',
        'Hydraulic Cylinders',
        'HYC',
        [7500, 52000],
        one,
        'Double-acting welded cylinder with chromed rod and clevis ends.',
        rated('Hydraulic Cylinder', 'DA', [
          { name: 'bore', unit: 'mm', values: [32, 40, 50, 63, 80, 100] },
          { name: 'stroke', unit: 'mm', values: [100, 200, 300, 400, 500, 600] },
        ]),
      ),
      leaf(
        'hydraulic-hoses',
        'Hydraulic Hoses',
        'HYH',
        [900, 7800],
        few,
        'Two-wire braided hose assembly to EN 853 2SN with crimped fittings.',
        rated('Hydraulic Hose Assembly', 'H2SN', [
          { name: 'inner_diameter', unit: 'mm', values: [6, 8, 10, 12, 16, 19, 25] },
          { name: 'length', unit: 'mm', values: [500, 750, 1000, 1500, 2000] },
        ]),
      ),
      leaf(
        'hydraulic-fittings',
        'Hydraulic Fittings',
        'HYF',
        [150, 2400],
        [5, 10, 25],
        'Zinc-nickel plated steel fitting with 24° cone, DIN 2353.',
        rated(
          'Hydraulic Fitting',
          'DK',
          [{ name: 'tube_diameter', unit: 'mm', values: [6, 8, 10, 12, 15, 18, 22] }],
          [{ name: 'shape', values: ['straight', 'elbow', 'tee'] }],
        ),
      ),
    ],
  },
  {
    slug: 'pneumatics',
    name: 'Pneumatics',
    children: [
      leaf(
        'pneumatic-cylinders',
        'Pneumatic Cylinders',
        'PNC',
        [2400, 18000],
        one,
        'ISO 15552 profile cylinder, magnetic piston, adjustable cushioning.',
        rated('Pneumatic Cylinder', 'PC', [
          { name: 'bore', unit: 'mm', values: [20, 25, 32, 40, 50, 63] },
          { name: 'stroke', unit: 'mm', values: [25, 50, 80, 100, 160, 200] },
        ]),
      ),
      leaf(
        'solenoid-valves',
        'Solenoid Valves',
        'SOL',
        [1900, 12000],
        one,
        '5/2 way solenoid valve with manual override and LED connector.',
        rated(
          'Solenoid Valve 5/2',
          'SV',
          [{ name: 'voltage', unit: 'V', values: [12, 24, 110, 230] }],
          [{ name: 'port', values: ['G1/8', 'G1/4', 'G3/8', 'G1/2'] }],
        ),
      ),
      leaf(
        'push-in-fittings',
        'Push-in Fittings',
        'PIF',
        [80, 900],
        [10, 25, 50],
        'Nickel-plated brass push-in fitting for polyamide and PU tube.',
        rated(
          'Push-in Fitting',
          'PF',
          [{ name: 'tube_diameter', unit: 'mm', values: [4, 6, 8, 10, 12] }],
          [{ name: 'shape', values: ['straight', 'elbow', 'tee', 'y'] }],
        ),
      ),
      leaf(
        'air-preparation',
        'Air Preparation',
        'FRL',
        [2800, 15000],
        one,
        'Filter regulator with gauge, 5 µm element and semi-automatic drain.',
        rated(
          'Filter Regulator',
          'FR',
          [{ name: 'flow', unit: 'l/min', values: [500, 1000, 1500, 2500, 4000] }],
          [{ name: 'port', values: ['G1/4', 'G3/8', 'G1/2'] }],
        ),
      ),
    ],
  },
  {
    slug: 'power-transmission',
    name: 'Power Transmission',
    children: [
      leaf(
        'v-belts',
        'V-Belts',
        'VBT',
        [300, 3200],
        few,
        'Wrapped classical V-belt, oil and heat resistant, to ISO 4184.',
        rated('V-Belt', 'SPZ', [
          { name: 'length', unit: 'mm', values: [710, 800, 900, 1000, 1120, 1250, 1400, 1600] },
        ]),
      ),
      leaf(
        'timing-belts',
        'Timing Belts',
        'TBT',
        [900, 6800],
        one,
        'HTD profile neoprene timing belt with glass-fibre tension cords.',
        rated('Timing Belt', 'HTD', [
          { name: 'length', unit: 'mm', values: [600, 800, 1000, 1200, 1400] },
          { name: 'width', unit: 'mm', values: [15, 20, 30, 50] },
        ]),
      ),
      leaf(
        'roller-chains',
        'Roller Chains',
        'CHN',
        [1200, 9600],
        one,
        'Simplex roller chain to ISO 606, 5 m box with connecting link.',
        rated('Roller Chain', 'RC', [
          { name: 'pitch', unit: 'mm', values: [8, 9.525, 12.7, 15.875, 19.05, 25.4] },
        ]),
      ),
      leaf(
        'sprockets',
        'Sprockets',
        'SPR',
        [800, 7200],
        one,
        'Steel plate-wheel sprocket with hardened teeth, pilot bore.',
        rated('Sprocket', 'SP', [
          { name: 'teeth', unit: 'teeth', values: [9, 12, 15, 19, 24, 30, 38] },
          { name: 'pitch', unit: 'mm', values: [9.525, 12.7, 15.875] },
        ]),
      ),
      leaf(
        'couplings',
        'Couplings',
        'CPL',
        [1500, 11000],
        one,
        'Jaw coupling with polyurethane spider, backlash-free torque transfer.',
        rated('Jaw Coupling', 'JC', [
          { name: 'torque', unit: 'Nm', values: [10, 25, 60, 160, 325, 450] },
          { name: 'bore', unit: 'mm', values: [10, 14, 19, 24, 28, 38] },
        ]),
      ),
    ],
  },
  {
    slug: 'electrical',
    name: 'Electrical',
    children: [
      leaf(
        'relays',
        'Relays',
        'REL',
        [250, 2400],
        [1, 10],
        'Plug-in power relay with LED and test button.',
        rated('Power Relay', 'PR', [
          { name: 'coil_voltage', unit: 'V', values: [12, 24, 48, 230] },
          { name: 'current', unit: 'A', values: [10, 16, 30, 40] },
        ]),
      ),
      leaf(
        'fuses',
        'Fuses',
        'FUS',
        [20, 400],
        [10, 50, 100],
        'Ceramic cartridge fuse with fast-acting element.',
        rated('Cartridge Fuse', 'F', [
          { name: 'current', unit: 'A', values: [1, 2, 4, 6, 10, 16, 20, 25, 32] },
        ]),
      ),
      leaf(
        'contactors',
        'Contactors',
        'CTR',
        [2400, 14000],
        one,
        'Three-pole AC contactor for motor starting, DIN-rail mounted.',
        rated('Contactor', 'CT', [
          { name: 'current', unit: 'A', values: [9, 12, 18, 25, 32, 40] },
          { name: 'coil_voltage', unit: 'V', values: [24, 110, 230] },
        ]),
      ),
      leaf(
        'proximity-sensors',
        'Proximity Sensors',
        'PRX',
        [1500, 9000],
        one,
        'Inductive proximity sensor, M12 or M18 barrel, IP67, PNP output.',
        rated('Inductive Proximity Sensor', 'IS', [
          { name: 'sensing_range', unit: 'mm', values: [2, 4, 5, 8, 12] },
          { name: 'voltage', unit: 'V', values: [24] },
        ]),
      ),
      leaf(
        'alternators-and-starters',
        'Alternators and Starters',
        'ALT',
        [9000, 42000],
        one,
        'Remanufactured rotating electrics, tested to OE specification.',
        rated('Alternator', 'AL', [
          { name: 'current', unit: 'A', values: [70, 90, 120, 150, 180] },
          { name: 'voltage', unit: 'V', values: [12, 24] },
        ]),
      ),
    ],
  },
  {
    slug: 'filters',
    name: 'Filters',
    children: [
      leaf(
        'oil-filters',
        'Oil Filters',
        'OFL',
        [300, 2200],
        [1, 10],
        'Spin-on oil filter with anti-drainback valve.',
        rated(
          'Oil Filter',
          'OC',
          [{ name: 'height', unit: 'mm', values: [65, 79, 86, 100, 123, 142] }],
          [{ name: 'thread', values: ['M20x1.5', '3/4-16 UNF', 'M22x1.5', '1-12 UNF'] }],
        ),
      ),
      leaf(
        'air-filters',
        'Air Filters',
        'AFL',
        [500, 4200],
        [1, 10],
        'Pleated panel air filter with polyurethane frame.',
        rated('Air Filter', 'AP', [
          { name: 'length', unit: 'mm', values: [200, 240, 280, 320, 360] },
          { name: 'width', unit: 'mm', values: [150, 180, 210, 240] },
        ]),
      ),
      leaf(
        'fuel-filters',
        'Fuel Filters',
        'FFL',
        [600, 4800],
        [1, 10],
        'In-line fuel filter with water separator, 10 µm.',
        rated('Fuel Filter', 'FF', [{ name: 'micron', unit: 'µm', values: [2, 5, 10, 30] }]),
      ),
      leaf(
        'hydraulic-filters',
        'Hydraulic Filters',
        'HFL',
        [1500, 9000],
        one,
        'Return-line filter element, glass fibre, β ≥ 200.',
        rated('Hydraulic Filter Element', 'HF', [
          { name: 'micron', unit: 'µm', values: [3, 6, 10, 25] },
          { name: 'flow', unit: 'l/min', values: [40, 60, 100, 160, 250] },
        ]),
      ),
    ],
  },
  {
    slug: 'brakes',
    name: 'Brakes',
    children: [
      leaf(
        'brake-discs',
        'Brake Discs',
        'BDS',
        [2500, 12000],
        [1, 2],
        'Grey cast-iron disc, balanced and coated, ECE R90.',
        rated('Brake Disc', 'BD', [
          { name: 'diameter', unit: 'mm', values: [240, 256, 280, 300, 312, 330, 345] },
          { name: 'thickness', unit: 'mm', values: [10, 12, 22, 25, 28, 30] },
        ]),
      ),
      leaf(
        'brake-pads',
        'Brake Pads',
        'BPD',
        [1500, 6800],
        one,
        'Low-metallic pad set with shims and wear indicator, ECE R90.',
        rated('Brake Pad Set', 'BP', [
          { name: 'width', unit: 'mm', values: [99, 116, 131, 148, 156] },
          { name: 'thickness', unit: 'mm', values: [16, 17, 18, 19, 20] },
        ]),
      ),
      leaf(
        'brake-calipers',
        'Brake Calipers',
        'BCL',
        [5500, 22000],
        one,
        'Remanufactured caliper with new seals and piston.',
        rated(
          'Brake Caliper',
          'BC',
          [{ name: 'piston_diameter', unit: 'mm', values: [38, 42, 45, 48, 54, 57] }],
          [{ name: 'side', values: ['left', 'right'] }],
        ),
      ),
    ],
  },
  {
    slug: 'engine-parts',
    name: 'Engine Parts',
    children: [
      leaf(
        'pistons',
        'Pistons',
        'PST',
        [3500, 24000],
        one,
        'Forged or cast piston with rings, pin and circlips.',
        rated('Piston', 'PS', [
          { name: 'diameter', unit: 'mm', values: [75, 76.5, 79, 81, 82.5, 84, 86, 92] },
        ]),
      ),
      leaf(
        'gaskets',
        'Gaskets',
        'GSK',
        [300, 6500],
        [1, 5],
        'Multi-layer steel gasket, elastomer coated.',
        rated('Head Gasket', 'HG', [
          { name: 'thickness', unit: 'mm', values: [1.2, 1.3, 1.45, 1.6] },
        ]),
      ),
      leaf(
        'spark-plugs',
        'Spark Plugs',
        'SPK',
        [250, 1900],
        [4, 10],
        'Nickel, platinum or iridium tip spark plug.',
        rated('Spark Plug', 'SK', [
          { name: 'thread_diameter', unit: 'mm', values: [10, 12, 14] },
          { name: 'gap', unit: 'mm', values: [0.7, 0.8, 0.9, 1.1] },
        ]),
      ),
      leaf(
        'fuel-injectors',
        'Fuel Injectors',
        'INJ',
        [2500, 19000],
        [1, 4],
        'Port or common-rail injector, flow tested and matched.',
        rated('Fuel Injector', 'FI', [
          { name: 'flow', unit: 'cc/min', values: [180, 220, 310, 440, 550] },
        ]),
      ),
      leaf(
        'cooling',
        'Cooling',
        'CLG',
        [2500, 26000],
        one,
        'Radiators, fans and thermostats for engine cooling.',
        rated('Radiator', 'RD', [
          { name: 'core_width', unit: 'mm', values: [480, 520, 580, 640, 720] },
          { name: 'core_height', unit: 'mm', values: [320, 360, 400, 440] },
        ]),
      ),
      leaf(
        'clutch-kits',
        'Clutch Kits',
        'CLK',
        [9000, 38000],
        one,
        'Disc, pressure plate and release bearing in one box.',
        rated('Clutch Kit', 'CK', [
          { name: 'diameter', unit: 'mm', values: [190, 200, 215, 228, 240, 250] },
        ]),
      ),
    ],
  },
  {
    slug: 'suspension',
    name: 'Suspension and Steering',
    children: [
      leaf(
        'shock-absorbers',
        'Shock Absorbers',
        'SHK',
        [3200, 14000],
        [1, 2],
        'Twin-tube gas shock absorber with chromed rod.',
        rated('Shock Absorber', 'SA', [
          { name: 'rod_diameter', unit: 'mm', values: [18, 20, 22] },
          { name: 'length', unit: 'mm', values: [290, 330, 360, 410, 450] },
        ]),
      ),
      leaf(
        'coil-springs',
        'Coil Springs',
        'CSP',
        [2200, 9000],
        [1, 2],
        'Cold-wound coil spring, powder coated, OE rate.',
        rated('Coil Spring', 'CS', [
          { name: 'wire_diameter', unit: 'mm', values: [11, 12, 13, 14, 15] },
          { name: 'length', unit: 'mm', values: [280, 320, 360, 400] },
        ]),
      ),
      leaf(
        'control-arms',
        'Control Arms',
        'CAR',
        [3500, 16000],
        one,
        'Pressed-steel wishbone with pressed-in bushes and ball joint.',
        rated(
          'Control Arm',
          'CA',
          [{ name: 'length', unit: 'mm', values: [320, 350, 380, 410] }],
          [{ name: 'side', values: ['left', 'right'] }],
        ),
      ),
      leaf(
        'steering-parts',
        'Steering Parts',
        'STR',
        [1800, 26000],
        one,
        'Tie-rod ends, rack boots and steering wheels.',
        rated('Tie Rod End', 'TE', [
          { name: 'thread_diameter', unit: 'mm', values: [12, 14, 16] },
          { name: 'length', unit: 'mm', values: [90, 110, 130, 150] },
        ]),
      ),
    ],
  },
  {
    slug: 'body-and-glass',
    name: 'Body and Glass',
    children: [
      leaf(
        'windscreens',
        'Windscreens',
        'WSC',
        [9000, 42000],
        one,
        'Laminated safety glass, ECE R43.',
        rated('Windscreen', 'WS', [
          { name: 'thickness', unit: 'mm', values: [4.5, 5, 5.5] },
          { name: 'width', unit: 'mm', values: [1380, 1420, 1480, 1520] },
        ]),
      ),
      leaf(
        'mirrors',
        'Mirrors',
        'MIR',
        [1500, 12000],
        one,
        'Door mirror glass or complete mirror, heated.',
        rated(
          'Door Mirror Glass',
          'MG',
          [{ name: 'width', unit: 'mm', values: [160, 180, 200, 220] }],
          [{ name: 'side', values: ['left', 'right'] }],
        ),
      ),
      leaf(
        'wiper-blades',
        'Wiper Blades',
        'WPR',
        [500, 3200],
        [1, 2],
        'Flat-blade wiper with graphite-coated rubber.',
        rated('Wiper Blade', 'WB', [
          { name: 'length', unit: 'mm', values: [350, 400, 450, 500, 550, 600, 650, 700] },
        ]),
      ),
    ],
  },
  {
    slug: 'cutting-tools',
    name: 'Cutting Tools',
    children: [
      leaf(
        'drill-bits',
        'Drill Bits',
        'DRL',
        [120, 4800],
        [1, 10],
        'HSS-Co twist drill, 135° split point, to DIN 338.',
        rated('HSS-Co Twist Drill', 'DR', [
          {
            name: 'diameter',
            unit: 'mm',
            values: [1, 2, 2.5, 3, 3.3, 4, 5, 6, 6.8, 8, 8.5, 10, 12, 13],
          },
        ]),
      ),
      leaf(
        'end-mills',
        'End Mills',
        'EML',
        [900, 9800],
        one,
        'Solid carbide end mill, TiAlN coated, three or four flutes.',
        rated('Carbide End Mill', 'EM', [
          { name: 'diameter', unit: 'mm', values: [3, 4, 6, 8, 10, 12, 16, 20] },
          { name: 'flutes', unit: 'flutes', values: [2, 3, 4] },
        ]),
      ),
      leaf(
        'taps',
        'Taps',
        'TAP',
        [600, 5200],
        one,
        'HSS-E machine tap, spiral point, for through holes.',
        rated('Machine Tap', 'MT', [
          { name: 'thread_diameter', unit: 'mm', values: [3, 4, 5, 6, 8, 10, 12, 16] },
        ]),
      ),
      leaf(
        'saw-blades',
        'Saw Blades',
        'SAW',
        [1500, 14000],
        one,
        'TCT circular saw blade for steel and aluminium.',
        rated('Circular Saw Blade', 'CB', [
          { name: 'diameter', unit: 'mm', values: [160, 190, 216, 250, 305, 355] },
          { name: 'teeth', unit: 'teeth', values: [24, 40, 48, 60, 80] },
        ]),
      ),
    ],
  },
  {
    slug: 'hand-tools',
    name: 'Hand Tools',
    children: [
      leaf(
        'wrenches',
        'Wrenches',
        'WRN',
        [300, 4200],
        one,
        'Chrome-vanadium combination wrench, satin finish.',
        rated('Combination Wrench', 'CW', [
          { name: 'size', unit: 'mm', values: [8, 10, 12, 13, 14, 17, 19, 22, 24, 27, 30, 32] },
        ]),
      ),
      leaf(
        'torque-wrenches',
        'Torque Wrenches',
        'TQW',
        [6000, 28000],
        one,
        'Click-type torque wrench with calibration certificate.',
        rated('Torque Wrench', 'TW', [
          { name: 'max_torque', unit: 'Nm', values: [25, 60, 110, 210, 340] },
        ]),
      ),
      leaf(
        'screwdrivers',
        'Screwdrivers',
        'SDR',
        [250, 2400],
        one,
        'Screwdriver with S2 blade and two-component handle.',
        rated(
          'Screwdriver',
          'SD',
          [{ name: 'blade_length', unit: 'mm', values: [75, 100, 125, 150, 200] }],
          [{ name: 'tip', values: ['PH1', 'PH2', 'PZ2', 'SL5.5', 'T20', 'T25'] }],
        ),
      ),
      leaf(
        'socket-sets',
        'Socket Sets',
        'SKT',
        [3500, 24000],
        one,
        'Socket set in a blow-moulded case with 72-tooth ratchet.',
        rated(
          'Socket Set',
          'SS',
          [{ name: 'pieces', unit: 'pieces', values: [24, 40, 72, 94, 108] }],
          [{ name: 'drive', values: ['1/4"', '3/8"', '1/2"'] }],
        ),
      ),
    ],
  },
  {
    slug: 'power-tools',
    name: 'Power Tools',
    children: [
      leaf(
        'angle-grinders',
        'Angle Grinders',
        'AGR',
        [4500, 26000],
        one,
        'Angle grinder with restart protection and anti-vibration handle.',
        rated('Angle Grinder', 'AG', [
          { name: 'disc_diameter', unit: 'mm', values: [115, 125, 150, 230] },
          { name: 'power', unit: 'W', values: [850, 1200, 1500, 2400] },
        ]),
      ),
      leaf(
        'impact-wrenches',
        'Impact Wrenches',
        'IWR',
        [6500, 32000],
        one,
        'Twin-hammer impact wrench, air or 18 V cordless.',
        rated(
          'Impact Wrench',
          'IW',
          [{ name: 'max_torque', unit: 'Nm', values: [300, 680, 1000, 1600] }],
          [{ name: 'drive', values: ['3/8"', '1/2"', '3/4"'] }],
        ),
      ),
      leaf(
        'drills',
        'Drills',
        'DRV',
        [5500, 29000],
        one,
        'Drill driver with two-speed gearbox and keyless chuck.',
        rated('Cordless Drill Driver', 'CD', [
          { name: 'voltage', unit: 'V', values: [12, 18, 36] },
          { name: 'max_torque', unit: 'Nm', values: [35, 60, 90, 130] },
        ]),
      ),
    ],
  },
  {
    slug: 'safety',
    name: 'Safety',
    children: [
      leaf(
        'gloves',
        'Gloves',
        'GLV',
        [90, 1200],
        [10, 12, 50],
        'Work gloves, EN 388, nitrile or PU coated.',
        rated(
          'Work Gloves',
          'GL',
          [{ name: 'size', unit: 'size', values: [7, 8, 9, 10, 11] }],
          [{ name: 'cut_level', values: ['A', 'B', 'C', 'D'] }],
        ),
      ),
      leaf(
        'safety-glasses',
        'Safety Glasses',
        'SGL',
        [250, 2200],
        [10, 12],
        'Wrap-around safety spectacles, EN 166, anti-fog.',
        rated(
          'Safety Glasses',
          'SG',
          [{ name: 'uv_filter', unit: 'nm', values: [380, 400] }],
          [{ name: 'lens', values: ['clear', 'smoke', 'amber'] }],
        ),
      ),
      leaf(
        'ear-protection',
        'Ear Protection',
        'EAR',
        [60, 3200],
        [10, 50, 100],
        'Ear plugs and ear muffs, EN 352.',
        rated('Ear Muffs', 'EM', [{ name: 'snr', unit: 'dB', values: [25, 28, 31, 33, 35] }]),
      ),
    ],
  },
];
