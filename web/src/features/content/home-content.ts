/**
 * The home page's static content (spec §3: banner slides and blog cards are static sample data).
 * Edit the words here; the components only lay them out.
 */

export interface BannerSlide {
  bannerIntro: string;
  bannerDescription: string;
  bannerImg: string;
  /** What the image shows, for screen readers. */
  bannerAlt: string;
}

export const bannerSlides: BannerSlide[] = [
  {
    bannerIntro: 'The right parts, in the quantities your business needs',
    bannerDescription:
      'More than 40 million pieces of product information from 27 industries. Order tools, machine and car parts direct from the manufacturer, with honest stock levels and card payment.',
    bannerImg: '/images/products/hydraulic-gear-pump.svg',
    bannerAlt: 'A cast-iron hydraulic gear pump',
  },
  {
    bannerIntro: 'Car parts by the piece, the set or the carton',
    bannerDescription:
      'Filters, brake discs, belts and pistons in the quantities a workshop orders. Every product shows its minimum order and the stock we hold, so you can plan before you buy.',
    bannerImg: '/images/products/brake-disc.svg',
    bannerAlt: 'A vented front brake disc',
  },
  {
    bannerIntro: 'Workshop tools that keep your fleet moving',
    bannerDescription:
      'Calibrated torque wrenches, impact wrenches and socket sets for workshops and fleet maintenance, shipped with certificates and datasheets.',
    bannerImg: '/images/products/torque-wrench.svg',
    bannerAlt: 'A click-type torque wrench',
  },
];

export interface BlogCard {
  name: string;
  describe: string;
  img: string;
  imgAlt: string;
  /** ISO date of publication. */
  date: string;
  /** The /blogs entry the card leads to (its id in blog-entries.ts). */
  entry: string;
}

export const blogCards: BlogCard[] = [
  {
    name: 'Why every part has a minimum order quantity',
    describe:
      'Factory packs, cartons and pallets: where our minimums come from, and how to plan quarterly orders around them.',
    img: '/images/products/oil-filter.svg',
    imgAlt: 'A spin-on oil filter',
    date: '2022-01-20',
    entry: 'minimum-order-quantities',
  },
  {
    name: 'From order to dispatch: our lead times',
    describe:
      'Your quantity is reserved the moment you order. What happens next, and why full pallets of heavy parts take a little longer.',
    img: '/images/products/radiator.svg',
    imgAlt: 'An aluminium radiator',
    date: '2022-02-03',
    entry: 'lead-times',
  },
  {
    name: 'Paying by card, safely',
    describe:
      'How each order is paid by card, why we never see your card number, and how unpaid orders can still be cancelled.',
    img: '/images/products/deep-groove-ball-bearing-6204.svg',
    imgAlt: 'A sealed deep groove ball bearing',
    date: '2022-03-10',
    entry: 'paying-by-card',
  },
];

export interface Statistic {
  label: string;
  /** The number counted up to, then its suffix: 120 + "M+" reads "120M+". */
  end: number;
  suffix: string;
  durationMs: number;
  /** Shows five stars under the number. */
  stars?: boolean;
}

/** Spec §9: the counters and how long each takes to count up. */
export const statistics: Statistic[] = [
  { label: 'Customers', end: 100, suffix: '+', durationMs: 2500 },
  { label: 'Annual revenue', end: 120, suffix: 'M+', durationMs: 3000 },
  { label: 'Tools', end: 100, suffix: '+', durationMs: 3000 },
  { label: 'Reviews', end: 100, suffix: 'K+', durationMs: 3000, stars: true },
];

/** Wordmarks shown in 'Brands We Trust' (the first eight); See All Brands opens /brands. */
export const brands: string[] = [
  'Northgate Bearings',
  'Kessler Hydraulics',
  'Ridgeline Filters',
  'Ferrum Castings',
  'Apex Drive Belts',
  'Baltic Fasteners',
  'Torqline Tools',
  'Halden Electric',
  'Marlow Seals',
  'Stanford Pumps',
  'Crestwood Brakes',
  'Veltro Ignition',
  'Oakridge Cooling',
  'Lindqvist Glass',
  'Sierra Pneumatics',
  'Corvus Clutches',
];
export const BRANDS_SHOWN_FIRST = 8;
