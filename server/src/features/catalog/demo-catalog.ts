/**
 * Demo catalog content for Proper Parts: the products and reviews that a fresh
 * database is seeded with. Each product image ships with the web app under
 * `web/public/images/products/<slug>.svg`; review avatars live under
 * `web/public/images/avatars/`.
 *
 * The first six are the spec's own products, with the spec's fields but not its example numbers
 * (decisions.md, Data): quantities a maintenance buyer orders, stock in the hundreds, prices such
 * parts sell for, and a place, part numbers and specifications like every generated part.
 */
import { type DemoAttribute, label, measure, mm } from './demo-taxonomy.ts';

export interface DemoProduct {
  slug: string;
  name: string;
  img: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  priceCents: number;
  /** The leaf category's slug (demo-taxonomy.ts). */
  category: string;
  sku: string;
  mpn: string;
  attributes: DemoAttribute[];
}

export interface DemoReview {
  userName: string;
  rating: number;
  description: string;
  photoUrl: string | null;
}

const img = (slug: string): string => `/images/products/${slug}.svg`;

export const demoProducts: DemoProduct[] = [
  {
    slug: 'piston',
    name: 'Piston',
    img: img('piston'),
    description:
      'Forged aluminium alloy piston with three ring grooves, hard-anodised top land and graphite-coated skirt for low friction. Supplied with gudgeon pin and circlips; suits high-compression petrol and diesel engine rebuilds.',
    minimumOrderQuantity: 4,
    availableQuantity: 240,
    priceCents: 6800,
    category: 'pistons',
    sku: 'PST-82500-STD',
    mpn: '87-4410-STD',
    attributes: [
      mm('diameter', 82.5),
      mm('compression_height', 31.5),
      mm('pin_diameter', 21),
      label('material', 'forged aluminium'),
    ],
  },
  {
    slug: 'air-filter',
    name: 'Air Filter',
    img: img('air-filter'),
    description:
      'Pleated cellulose-synthetic panel air filter with polyurethane frame. Traps 99.5% of particles above 5 microns and keeps intake airflow high for passenger cars and light commercial vehicles.',
    minimumOrderQuantity: 5,
    availableQuantity: 600,
    priceCents: 1450,
    category: 'air-filters',
    sku: 'AFL-AP2418',
    mpn: 'AP 241/8',
    attributes: [
      mm('length', 280),
      mm('width', 210),
      mm('height', 58),
      label('efficiency', '99.5% above 5 µm'),
    ],
  },
  {
    slug: 'steering-wheel',
    name: 'Steering Wheel',
    img: img('steering-wheel'),
    description:
      '380 mm three-spoke steering wheel with steel core and soft-grip polyurethane rim. Fits standard 48-spline hubs.',
    minimumOrderQuantity: 2,
    availableQuantity: 120,
    priceCents: 8900,
    category: 'steering-parts',
    sku: 'STR-SW380-48',
    mpn: 'SW-380-48S',
    attributes: [
      mm('diameter', 380),
      label('hub', '48-spline'),
      label('rim', 'soft-grip polyurethane'),
      measure('spokes', 3, 'spokes'),
    ],
  },
  {
    slug: 'windscreen',
    name: 'Windscreen',
    img: img('windscreen'),
    description:
      'Laminated safety-glass windscreen, 5.0 mm, with acoustic PVB interlayer and UV-blocking green tint. Pre-fitted with upper moulding and sensor bracket, certified to ECE R43 for OEM-quality replacement.',
    minimumOrderQuantity: 1,
    availableQuantity: 150,
    priceCents: 24500,
    category: 'windscreens',
    sku: 'WSC-LG5-ACU',
    mpn: 'LG5.0-ACU-GN',
    attributes: [
      mm('thickness', 5),
      label('interlayer', 'acoustic PVB'),
      label('tint', 'green'),
      label('approval', 'ECE R43'),
    ],
  },
  {
    slug: 'engine-fan',
    name: 'Engine Fan',
    img: img('engine-fan'),
    description:
      '12 V electric radiator cooling fan, 350 mm, seven-blade glass-fibre reinforced nylon rotor with brushless motor and shroud. Moves up to 2,400 m³/h for engine and air-conditioning condenser cooling.',
    minimumOrderQuantity: 1,
    availableQuantity: 300,
    priceCents: 12900,
    category: 'cooling',
    sku: 'CLG-EF350-12V',
    mpn: 'EF350-7B-12',
    attributes: [
      mm('diameter', 350),
      measure('voltage', 12, 'V'),
      measure('blades', 7, 'blades'),
      measure('airflow', 2400, 'm³/h'),
    ],
  },
  {
    slug: 'oil-filter',
    name: 'Oil Filter',
    img: img('oil-filter'),
    description:
      'Spin-on oil filter with synthetic blend media, anti-drainback valve and M20x1.5 thread.',
    minimumOrderQuantity: 10,
    availableQuantity: 900,
    priceCents: 640,
    category: 'oil-filters',
    sku: 'OFL-OC20-M20',
    mpn: 'OC 20/1',
    attributes: [
      mm('height', 79),
      mm('outer_diameter', 76),
      label('thread', 'M20x1.5'),
      label('valve', 'anti-drainback'),
    ],
  },
  {
    slug: 'deep-groove-ball-bearing-6204',
    name: 'Deep Groove Ball Bearing 6204',
    img: img('deep-groove-ball-bearing-6204'),
    description:
      'Single-row deep groove ball bearing 6204-2RS, 20 x 47 x 14 mm, chrome steel (GCr15) rings and balls, double rubber seals, pre-greased for life. ISO 15 boundary dimensions, P0 tolerance class, dynamic load rating 12.7 kN; for electric motors, pumps, conveyors and gearboxes.',
    minimumOrderQuantity: 10,
    availableQuantity: 800,
    priceCents: 300,
    category: 'ball-bearings',
    sku: 'BRG-6204-2RS',
    mpn: '6204-2RS',
    attributes: [
      mm('bore', 20),
      mm('outer_diameter', 47),
      mm('width', 14),
      label('seal', 'rubber seals'),
      measure('dynamic_load', 12.7, 'kN'),
    ],
  },
  {
    slug: 'hydraulic-gear-pump',
    name: 'Hydraulic Gear Pump',
    img: img('hydraulic-gear-pump'),
    description:
      'External gear pump with cast-iron body, 16 cc/rev displacement, rated to 250 bar continuous and 3,000 rpm. SAE A two-bolt flange and keyed shaft; for tractors, log splitters, power packs and mobile machinery.',
    minimumOrderQuantity: 1,
    availableQuantity: 120,
    priceCents: 18900,
    category: 'hydraulic-pumps',
    sku: 'HYP-GP16-250',
    mpn: 'GP1-16-SAEA',
    attributes: [
      measure('displacement', 16, 'cc'),
      measure('pressure', 250, 'bar'),
      measure('max_speed', 3000, 'rpm'),
      label('flange', 'SAE A two-bolt'),
    ],
  },
  {
    slug: 'brake-disc',
    name: 'Brake Disc',
    img: img('brake-disc'),
    description:
      'Vented front brake disc, 300 x 28 mm, G3000 grey cast iron with anti-corrosion coated hat and vanes, ECE R90 approved. Balanced and machined to a 0.03 mm run-out tolerance for quiet, judder-free braking.',
    minimumOrderQuantity: 2,
    availableQuantity: 400,
    priceCents: 4500,
    category: 'brake-discs',
    sku: 'BDS-300X28-V',
    mpn: 'BD300.28V',
    attributes: [
      mm('diameter', 300),
      mm('thickness', 28),
      label('type', 'vented'),
      label('approval', 'ECE R90'),
    ],
  },
  {
    slug: 'spark-plug-set',
    name: 'Spark Plug Set',
    img: img('spark-plug-set'),
    description:
      'Set of four iridium-tipped spark plugs: M14 x 1.25 thread, 19 mm reach, 16 mm hex, 0.8 mm pre-set gap, nickel-plated steel shell and alumina insulator, ISO 28741 seat. Rated for 100,000 km; four plugs to a box.',
    minimumOrderQuantity: 1,
    availableQuantity: 500,
    priceCents: 3200,
    category: 'spark-plugs',
    sku: 'SPK-IR14-SET4',
    mpn: 'IR14-4',
    attributes: [
      mm('thread_diameter', 14),
      mm('gap', 0.8),
      mm('reach', 19),
      label('tip', 'iridium'),
      measure('pieces', 4, 'pieces'),
    ],
  },
  {
    slug: 'timing-belt',
    name: 'Timing Belt',
    img: img('timing-belt'),
    description:
      'HNBR rubber timing belt with fibreglass tension cords and PTFE-coated nylon tooth facing, HTD 8M profile, 150 teeth, 30 mm wide. Heat and oil resistant, built for 120,000 km change intervals on overhead-cam engines.',
    minimumOrderQuantity: 2,
    availableQuantity: 350,
    priceCents: 2800,
    category: 'timing-belts',
    sku: 'TBT-HTD1200-8M',
    mpn: '1200-8M-30',
    attributes: [
      mm('length', 1200),
      mm('width', 30),
      measure('teeth', 150, 'teeth'),
      label('profile', 'HTD 8M'),
    ],
  },
  {
    slug: 'alternator',
    name: 'Alternator',
    img: img('alternator'),
    description:
      '14 V, 120 A alternator with internal voltage regulator, 56 mm six-groove serpentine pulley and die-cast aluminium housing. New, not remanufactured; every unit output-tested to ISO 8854 before packing.',
    minimumOrderQuantity: 1,
    availableQuantity: 180,
    priceCents: 16500,
    category: 'alternators-and-starters',
    sku: 'ALT-AL120-12V',
    mpn: 'AL120R',
    attributes: [
      measure('current', 120, 'A'),
      measure('voltage', 12, 'V'),
      label('pulley', '56 mm, six-groove'),
    ],
  },
  {
    slug: 'radiator',
    name: 'Radiator',
    img: img('radiator'),
    description:
      'Brazed aluminium cross-flow radiator core with reinforced plastic end tanks, 580 x 400 x 26 mm. Includes drain cock and transmission-oil cooler lines; pressure tested to 1.5 bar before dispatch.',
    minimumOrderQuantity: 1,
    availableQuantity: 150,
    priceCents: 12000,
    category: 'cooling',
    sku: 'CLG-RD580-AL',
    mpn: 'RD-580-AL',
    attributes: [
      mm('core_width', 580),
      mm('core_height', 400),
      mm('core_thickness', 26),
      label('tanks', 'reinforced plastic'),
    ],
  },
  {
    slug: 'hex-socket-wrench-set',
    name: 'Hex Socket Wrench Set',
    img: img('hex-socket-wrench-set'),
    description:
      '40-piece 1/2" drive socket set in chrome-vanadium steel: 10 to 32 mm six-point sockets, 72-tooth quick-release ratchet, extensions and universal joint in a blow-moulded case. Built for workshop and fleet maintenance use.',
    minimumOrderQuantity: 1,
    availableQuantity: 200,
    priceCents: 8900,
    category: 'socket-sets',
    sku: 'SKT-SS40-12',
    mpn: 'SS40-1/2',
    attributes: [
      measure('pieces', 40, 'pieces'),
      label('drive', '1/2"'),
      label('material', 'chrome-vanadium steel'),
    ],
  },
  {
    slug: 'angle-grinder',
    name: 'Angle Grinder',
    img: img('angle-grinder'),
    description:
      '125 mm angle grinder, 1,200 W, 11,000 rpm, M14 spindle, glass-fibre reinforced polyamide housing, tool-free wheel guard, side handle and restart protection. CE marked to EN 62841-2-3.',
    minimumOrderQuantity: 1,
    availableQuantity: 250,
    priceCents: 7900,
    category: 'angle-grinders',
    sku: 'AGR-AG125-1200',
    mpn: 'AG125-12',
    attributes: [
      mm('disc_diameter', 125),
      measure('power', 1200, 'W'),
      measure('speed', 11000, 'rpm'),
      label('spindle', 'M14'),
    ],
  },
  {
    slug: 'torque-wrench',
    name: 'Torque Wrench',
    img: img('torque-wrench'),
    description:
      'Click-type 1/2" drive torque wrench, 40 to 210 Nm, chrome-vanadium steel, accurate to ±4% to ISO 6789-1, with dual-scale handle and calibration certificate. For wheel nuts, cylinder heads and structural fasteners.',
    minimumOrderQuantity: 1,
    availableQuantity: 180,
    priceCents: 6500,
    category: 'torque-wrenches',
    sku: 'TQW-TW210-12',
    mpn: 'TW210-1/2',
    attributes: [
      measure('max_torque', 210, 'Nm'),
      measure('min_torque', 40, 'Nm'),
      label('drive', '1/2"'),
      label('accuracy', '±4%, ISO 6789-1'),
    ],
  },
  {
    slug: 'pneumatic-impact-wrench',
    name: 'Pneumatic Impact Wrench',
    img: img('pneumatic-impact-wrench'),
    description:
      '1/2" drive air impact wrench with twin-hammer mechanism and aluminium housing: 1,350 Nm breakaway torque at 6.3 bar, 1/4" BSP inlet, 160 l/min average air use, vibration declared to ISO 28927-2.',
    minimumOrderQuantity: 1,
    availableQuantity: 140,
    priceCents: 14900,
    category: 'impact-wrenches',
    sku: 'IWR-IW1000-12',
    mpn: 'IW-1000A',
    attributes: [
      measure('max_torque', 1350, 'Nm'),
      label('drive', '1/2"'),
      measure('air_consumption', 160, 'l/min'),
      measure('pressure', 6.3, 'bar'),
    ],
  },
  {
    slug: 'shock-absorber',
    name: 'Shock Absorber',
    img: img('shock-absorber'),
    description:
      'Twin-tube gas-pressurised shock absorber with chrome-plated 22 mm piston rod, multi-lip seal and nitrogen charge. Restores ride comfort, road holding and braking stability on cars and light vans.',
    minimumOrderQuantity: 2,
    availableQuantity: 400,
    priceCents: 5400,
    category: 'shock-absorbers',
    sku: 'SHK-SA22-TT',
    mpn: 'SA22-410',
    attributes: [mm('rod_diameter', 22), mm('length', 410), label('type', 'twin-tube gas')],
  },
  {
    slug: 'clutch-kit',
    name: 'Clutch Kit',
    img: img('clutch-kit'),
    description:
      'Three-piece clutch kit, 240 x 160 mm, 23-spline hub: organic-faced friction disc with torsional dampers, steel diaphragm pressure plate and sealed release bearing. For manual transmissions up to 320 Nm.',
    minimumOrderQuantity: 1,
    availableQuantity: 160,
    priceCents: 18500,
    category: 'clutch-kits',
    sku: 'CLK-CK240-23',
    mpn: 'CK240.23',
    attributes: [
      mm('diameter', 240),
      mm('inner_diameter', 160),
      measure('splines', 23, 'splines'),
      measure('max_torque', 320, 'Nm'),
    ],
  },
  {
    slug: 'fuel-injector',
    name: 'Fuel Injector',
    img: img('fuel-injector'),
    description:
      'Multi-hole petrol port fuel injector with stainless-steel body, 12-ohm high-impedance solenoid, EV6 connector and 14 mm FKM O-rings. Flow tested at 3 bar and matched within 2% per set of four.',
    minimumOrderQuantity: 4,
    availableQuantity: 480,
    priceCents: 3900,
    category: 'fuel-injectors',
    sku: 'INJ-FI310-EV6',
    mpn: 'FI310-EV6',
    attributes: [
      measure('flow', 310, 'cc/min'),
      measure('resistance', 12, 'ohm'),
      label('connector', 'EV6'),
      measure('test_pressure', 3, 'bar'),
    ],
  },
];

export const demoReviews: DemoReview[] = [
  {
    userName: 'Maria Keller',
    rating: 5,
    description:
      'We order oil and air filters for our fleet of 140 delivery vans every quarter. Pallets always arrive complete, well wrapped and on the promised day.',
    photoUrl: '/images/avatars/maria-keller.svg',
  },
  {
    userName: 'James Okafor',
    rating: 4,
    description:
      'Good pricing on 6204 bearings in bulk and the quality matches the premium brands we used before. Lead time was one day longer than quoted.',
    photoUrl: null,
  },
  {
    userName: 'Sofia Lindqvist',
    rating: 5,
    description:
      'The hydraulic gear pumps went straight into our log-splitter production line with no rework. Clear datasheets and a very responsive sales team.',
    photoUrl: '/images/avatars/sofia-lindqvist.svg',
  },
  {
    userName: 'Tomasz Nowak',
    rating: 5,
    description:
      'Reliable supplier for brake discs and shock absorbers for our three workshops. Invoicing on account makes monthly purchasing painless.',
    photoUrl: null,
  },
  {
    userName: 'Priya Raman',
    rating: 4,
    description:
      'Torque wrenches came with calibration certificates, which our ISO auditor appreciated. Would like more sizes in stock.',
    photoUrl: '/images/avatars/priya-raman.svg',
  },
  {
    userName: 'Daniel Weber',
    rating: 5,
    description:
      'Minimum order quantities are realistic for a mid-size distributor and the volume pricing is competitive. Proper Parts is now our first call.',
    photoUrl: null,
  },
];
