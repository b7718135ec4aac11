/**
 * Demo catalog content for Proper Parts: the products and reviews that a fresh
 * database is seeded with. Each product image ships with the web app under
 * `web/public/images/products/<slug>.svg`; review avatars live under
 * `web/public/images/avatars/`.
 */

export interface DemoProduct {
  slug: string;
  name: string;
  img: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  priceCents: number;
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
    minimumOrderQuantity: 20000,
    availableQuantity: 50000,
    priceCents: 100000,
  },
  {
    slug: 'air-filter',
    name: 'Air Filter',
    img: img('air-filter'),
    description:
      'Pleated cellulose-synthetic panel air filter with polyurethane frame. Traps 99.5% of particles above 5 microns and keeps intake airflow high for passenger cars and light commercial vehicles.',
    minimumOrderQuantity: 15000,
    availableQuantity: 60000,
    priceCents: 60000,
  },
  {
    slug: 'steering-wheel',
    name: 'Steering Wheel',
    img: img('steering-wheel'),
    description:
      '380 mm three-spoke steering wheel with steel core and soft-grip polyurethane rim. Fits standard 48-spline hubs.',
    minimumOrderQuantity: 10000,
    availableQuantity: 30000,
    priceCents: 23000,
  },
  {
    slug: 'windscreen',
    name: 'Windscreen',
    img: img('windscreen'),
    description:
      'Laminated safety-glass windscreen, 5.0 mm, with acoustic PVB interlayer and UV-blocking green tint. Pre-fitted with upper moulding and sensor bracket, certified to ECE R43 for OEM-quality replacement.',
    minimumOrderQuantity: 25000,
    availableQuantity: 60000,
    priceCents: 20000,
  },
  {
    slug: 'engine-fan',
    name: 'Engine Fan',
    img: img('engine-fan'),
    description:
      '12 V electric radiator cooling fan, 350 mm, seven-blade glass-fibre reinforced nylon rotor with brushless motor and shroud. Moves up to 2,400 m³/h for engine and air-conditioning condenser cooling.',
    minimumOrderQuantity: 40000,
    availableQuantity: 90000,
    priceCents: 63400,
  },
  {
    slug: 'oil-filter',
    name: 'Oil Filter',
    img: img('oil-filter'),
    description:
      'Spin-on oil filter with synthetic blend media, anti-drainback valve and M20x1.5 thread.',
    minimumOrderQuantity: 45000,
    availableQuantity: 75000,
    priceCents: 3000,
  },
  {
    slug: 'deep-groove-ball-bearing-6204',
    name: 'Deep Groove Ball Bearing 6204',
    img: img('deep-groove-ball-bearing-6204'),
    description:
      'Single-row deep groove ball bearing 6204-2RS, 20 x 47 x 14 mm, chrome steel (GCr15) rings and balls, double rubber seals, pre-greased for life. ISO 15 boundary dimensions, P0 tolerance class, dynamic load rating 12.7 kN; for electric motors, pumps, conveyors and gearboxes.',
    minimumOrderQuantity: 5000,
    availableQuantity: 120000,
    priceCents: 300,
  },
  {
    slug: 'hydraulic-gear-pump',
    name: 'Hydraulic Gear Pump',
    img: img('hydraulic-gear-pump'),
    description:
      'External gear pump with cast-iron body, 16 cc/rev displacement, rated to 250 bar continuous and 3,000 rpm. SAE A two-bolt flange and keyed shaft; for tractors, log splitters, power packs and mobile machinery.',
    minimumOrderQuantity: 50,
    availableQuantity: 1200,
    priceCents: 18900,
  },
  {
    slug: 'brake-disc',
    name: 'Brake Disc',
    img: img('brake-disc'),
    description:
      'Vented front brake disc, 300 x 28 mm, G3000 grey cast iron with anti-corrosion coated hat and vanes, ECE R90 approved. Balanced and machined to a 0.03 mm run-out tolerance for quiet, judder-free braking.',
    minimumOrderQuantity: 200,
    availableQuantity: 8000,
    priceCents: 4500,
  },
  {
    slug: 'spark-plug-set',
    name: 'Spark Plug Set',
    img: img('spark-plug-set'),
    description:
      'Set of four iridium-tipped spark plugs: M14 x 1.25 thread, 19 mm reach, 16 mm hex, 0.8 mm pre-set gap, nickel-plated steel shell and alumina insulator, ISO 28741 seat. Rated for 100,000 km; four plugs to a box.',
    minimumOrderQuantity: 500,
    availableQuantity: 25000,
    priceCents: 3200,
  },
  {
    slug: 'timing-belt',
    name: 'Timing Belt',
    img: img('timing-belt'),
    description:
      'HNBR rubber timing belt with fibreglass tension cords and PTFE-coated nylon tooth facing, 137 teeth, 25 mm wide. Heat and oil resistant, built for 120,000 km change intervals on overhead-cam engines.',
    minimumOrderQuantity: 300,
    availableQuantity: 12000,
    priceCents: 2800,
  },
  {
    slug: 'alternator',
    name: 'Alternator',
    img: img('alternator'),
    description:
      '14 V, 120 A alternator with internal voltage regulator, 56 mm six-groove serpentine pulley and die-cast aluminium housing. New, not remanufactured; every unit output-tested to ISO 8854 before packing.',
    minimumOrderQuantity: 100,
    availableQuantity: 2500,
    priceCents: 16500,
  },
  {
    slug: 'radiator',
    name: 'Radiator',
    img: img('radiator'),
    description:
      'Brazed aluminium cross-flow radiator core with reinforced plastic end tanks, 680 x 400 x 26 mm. Includes drain cock and transmission-oil cooler lines; pressure tested to 1.5 bar before dispatch.',
    minimumOrderQuantity: 80,
    availableQuantity: 3000,
    priceCents: 12000,
  },
  {
    slug: 'hex-socket-wrench-set',
    name: 'Hex Socket Wrench Set',
    img: img('hex-socket-wrench-set'),
    description:
      '40-piece 1/2" drive socket set in chrome-vanadium steel: 10 to 32 mm six-point sockets, 72-tooth quick-release ratchet, extensions and universal joint in a blow-moulded case. Built for workshop and fleet maintenance use.',
    minimumOrderQuantity: 25,
    availableQuantity: 1500,
    priceCents: 8900,
  },
  {
    slug: 'angle-grinder',
    name: 'Angle Grinder',
    img: img('angle-grinder'),
    description:
      '125 mm angle grinder, 1,200 W, 11,000 rpm, M14 spindle, glass-fibre reinforced polyamide housing, tool-free wheel guard, side handle and restart protection. CE marked to EN 62841-2-3.',
    minimumOrderQuantity: 20,
    availableQuantity: 900,
    priceCents: 7900,
  },
  {
    slug: 'torque-wrench',
    name: 'Torque Wrench',
    img: img('torque-wrench'),
    description:
      'Click-type 1/2" drive torque wrench, 40 to 210 Nm, chrome-vanadium steel, accurate to ±4% to ISO 6789-1, with dual-scale handle and calibration certificate. For wheel nuts, cylinder heads and structural fasteners.',
    minimumOrderQuantity: 30,
    availableQuantity: 1100,
    priceCents: 6500,
  },
  {
    slug: 'pneumatic-impact-wrench',
    name: 'Pneumatic Impact Wrench',
    img: img('pneumatic-impact-wrench'),
    description:
      '1/2" drive air impact wrench with twin-hammer mechanism and aluminium housing: 1,350 Nm breakaway torque at 6.3 bar, 1/4" BSP inlet, 160 l/min average air use, vibration declared to ISO 28927-2.',
    minimumOrderQuantity: 15,
    availableQuantity: 600,
    priceCents: 14900,
  },
  {
    slug: 'shock-absorber',
    name: 'Shock Absorber',
    img: img('shock-absorber'),
    description:
      'Twin-tube gas-pressurised shock absorber with chrome-plated 22 mm piston rod, multi-lip seal and nitrogen charge. Restores ride comfort, road holding and braking stability on cars and light vans.',
    minimumOrderQuantity: 200,
    availableQuantity: 6000,
    priceCents: 5400,
  },
  {
    slug: 'clutch-kit',
    name: 'Clutch Kit',
    img: img('clutch-kit'),
    description:
      'Three-piece clutch kit, 240 x 160 mm, 23-spline hub: organic-faced friction disc with torsional dampers, steel diaphragm pressure plate and sealed release bearing. For manual transmissions up to 320 Nm.',
    minimumOrderQuantity: 60,
    availableQuantity: 2000,
    priceCents: 18500,
  },
  {
    slug: 'fuel-injector',
    name: 'Fuel Injector',
    img: img('fuel-injector'),
    description:
      'Multi-hole petrol port fuel injector with stainless-steel body, 12-ohm high-impedance solenoid, EV6 connector and 14 mm FKM O-rings. Flow tested at 3 bar and matched within 2% per set of four.',
    minimumOrderQuantity: 400,
    availableQuantity: 15000,
    priceCents: 3900,
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
