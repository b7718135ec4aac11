import { paths } from '../../config/paths';

/**
 * The short pages the footer leads to (`/info/{slug}`, issue 31: they all led to `/`). Edit the
 * words here; one page component lays them out (pages/info-page.tsx). Say only what the shop
 * does: it is open-source software, and its catalog is a demo.
 */
export interface InfoPage {
  slug: string;
  /** The page's heading and title; the footer's link says the same. */
  title: string;
  /** One sentence under the heading, and the page's description for search engines. */
  summary: string;
  sections: { heading: string; paragraphs: string[] }[];
  /** Where to read or do more. */
  related: { label: string; to: string }[];
}

export const infoPages: InfoPage[] = [
  {
    slug: 'faq',
    title: 'FAQ',
    summary:
      'Short answers to what buyers ask first: who runs the shop, ordering, paying, cancelling.',
    sections: [
      {
        heading: 'Who runs this shop?',
        paragraphs: [
          'This site runs Proper Parts, open-source software for selling industrial, machine and car parts to business buyers. The catalog that comes with it is a demo: its brands, parts and prices are invented.',
        ],
      },
      {
        heading: 'Do I need an account?',
        paragraphs: [
          'Not to browse, search or check which parts fit your vehicle. To order, sign up with your email; you can order at once, and a mail asks you to confirm the address.',
        ],
      },
      {
        heading: 'Why does each part have a minimum order?',
        paragraphs: [
          'Parts are sold by the piece in the quantities they are packed in. The order form starts at the minimum and stops at the stock the shop holds.',
        ],
      },
      {
        heading: 'How do I pay?',
        paragraphs: [
          'By card, on each order’s payment page; with a payment provider connected, card details go straight to it. Until one is, the shop runs in test mode: no real charges, and the test card 4242 4242 4242 4242 pays.',
        ],
      },
      {
        heading: 'Can I cancel an order?',
        paragraphs: [
          'An order not yet paid can be cancelled from My Orders on your dashboard, and its pieces go back into stock. A paid order is a return: see Returns.',
        ],
      },
    ],
    related: [
      { label: 'Blogs: longer answers', to: paths.blogs },
      { label: 'Returns', to: paths.info('returns') },
      { label: 'Shipping Policy', to: paths.info('shipping') },
    ],
  },
  {
    slug: 'returns',
    title: 'Returns',
    summary: 'What can be returned, within how long, and how to start a return.',
    sections: [
      {
        heading: 'Wrong, damaged or faulty parts',
        paragraphs: [
          'Check a delivery when it arrives and note visible damage on the carrier’s paperwork. Tell the shop within 14 days, with the order id, and the parts are replaced or refunded.',
        ],
      },
      {
        heading: 'Parts you no longer need',
        paragraphs: [
          'Unused parts in their original packaging can be returned within 30 days of delivery; the refund is their price less the return freight.',
        ],
      },
      {
        heading: 'Starting a return',
        paragraphs: [
          'The shop has no returns form yet: write or call the shop with the order id (the contact details are at the foot of every page). An order not yet paid needs no return: cancel it from My Orders.',
        ],
      },
    ],
    related: [
      { label: 'My Orders', to: paths.dashboard.myOrders },
      { label: 'Blogs: what if a part is wrong or damaged?', to: `${paths.blogs}#returns` },
    ],
  },
  {
    slug: 'coupons',
    title: 'Coupons',
    summary: 'The shop has no coupon codes: prices fall with the quantity instead.',
    sections: [
      {
        heading: 'No codes to hunt for',
        paragraphs: [
          'There is no coupon field at checkout. Where a part costs less by the carton or the pallet, its page lists the price breaks, and the cart applies them by itself.',
          'For a large or mixed order, fill the cart and choose Request a quote: the shop answers with its prices, and an accepted quote becomes an order at those prices.',
        ],
      },
    ],
    related: [
      { label: 'All Parts', to: paths.products() },
      { label: 'My quotes', to: paths.dashboard.quotes },
    ],
  },
  {
    slug: 'shipping',
    title: 'Shipping Policy',
    summary: 'How an order is reserved, packed and shipped, and how to follow it.',
    sections: [
      {
        heading: 'From order to dispatch',
        paragraphs: [
          'The pieces you order are reserved the moment the order is placed, so no one else can buy them while you pay. Paid orders are packed in the order they were paid.',
          'Small parts travel as parcels; heavy cartons go by freight carrier on a pallet. Give a delivery address and a phone number for the driver when you order.',
        ],
      },
      {
        heading: 'What it costs',
        paragraphs: [
          'The total the shop charges is for the parts: this software does not yet work out freight or tax at checkout.',
        ],
      },
      {
        heading: 'Following an order',
        paragraphs: [
          'Each order moves from unpaid to pending (paid, waiting to ship) to shipped; My Orders shows where each of yours stands.',
        ],
      },
    ],
    related: [
      { label: 'My Orders', to: paths.dashboard.myOrders },
      { label: 'Blogs: how long until an order leaves?', to: `${paths.blogs}#lead-times` },
    ],
  },
  {
    slug: 'about',
    title: 'Company Info',
    summary: 'Proper Parts is open-source software, not a company: what that means for this site.',
    sections: [
      {
        heading: 'Software, shared',
        paragraphs: [
          'Proper Parts is an open-source shop for industrial, machine and car parts, built for business buyers: part numbers and cross-references, minimum orders, quotes, company accounts and vehicle fitment.',
          'Anyone may run it for their own catalog. The catalog, the reviews, the address and the phone number it comes with are a demo’s, there to be replaced by the shop’s own.',
        ],
      },
    ],
    related: [
      { label: 'Portfolio: how it is built', to: paths.portfolio },
      { label: 'Careers', to: paths.info('careers') },
    ],
  },
  {
    slug: 'careers',
    title: 'Careers',
    summary: 'No jobs are open: Proper Parts is an open-source project, and help is welcome.',
    sections: [
      {
        heading: 'Working on Proper Parts',
        paragraphs: [
          'There is no company behind this software to hire anyone. If you would like to work on it, read how it is built, then propose a change through its source repository: every change comes with the tests that prove it.',
        ],
      },
    ],
    related: [{ label: 'Portfolio: how it is built', to: paths.portfolio }],
  },
];

/** The page at `/info/{slug}`, if there is one. */
export const infoPageOf = (slug: string) => infoPages.find((page) => page.slug === slug);
