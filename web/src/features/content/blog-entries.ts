/**
 * The /blogs page: questions business buyers ask before they order. Edit the words here; the page
 * only lays them out. Each answer is a list of paragraphs.
 */
export interface BlogEntry {
  /** The anchor of the entry: /blogs#<id>. */
  id: string;
  question: string;
  answer: string[];
}

export const blogEntries: BlogEntry[] = [
  {
    id: 'minimum-order-quantities',
    question: 'Why does every product have a minimum order quantity?',
    answer: [
      'We sell at distributor volumes. Bearings, filters and belts are made, packed and shipped by the carton or the pallet, and the minimum order quantity (MOQ) on each product is the smallest amount we can ship without breaking a factory pack.',
      'The minimum and the stock we hold are shown on every product card in pieces. The order form starts at the minimum, and the shop refuses an order below it or above the stock, so what you order is what we can send.',
      'Need less than the minimum, or more than we hold? Order what the shop allows and ask our sales team for a quote on the rest: volume and mixed-pallet quotes are on our roadmap.',
    ],
  },
  {
    id: 'lead-times',
    question: 'How long does it take for an order to leave the warehouse?',
    answer: [
      'The quantity you order is reserved the moment the order is placed, so nobody else can buy the same pieces while you pay. Paid orders are picked and packed in the order they were paid.',
      'Most orders of stocked products leave within two to five working days; full pallets of heavy parts such as brake discs or radiators can take a few days longer to book with a freight carrier. My Orders shows each order as pending until it is shipped.',
    ],
  },
  {
    id: 'paying-by-card',
    question: 'Can we pay by card, and is it safe?',
    answer: [
      'Yes. Each order is paid by card on its own payment page. The amount is worked out by our server from the product’s price and your quantity, never taken from the browser.',
      'Card details go straight to the payment provider; we never see or store a card number. An order counts as paid only once the provider confirms the payment, and you see the transaction id beside it in My Orders.',
      'An order that is not paid yet can be cancelled from My Orders, and its quantity goes back into stock.',
    ],
  },
  {
    id: 'shipping',
    question: 'How do you ship, and how do we follow an order?',
    answer: [
      'Small parts travel as parcels; cartons above a pallet’s weight go by freight carrier on a wrapped, labelled pallet. Give the delivery address and a phone number for the driver when you order.',
      'Every order moves from unpaid to pending (paid, waiting to ship) to shipped. You can see where each of yours stands at any time in My Orders on your dashboard.',
    ],
  },
  {
    id: 'returns',
    question: 'What if a part is wrong or damaged?',
    answer: [
      'Check deliveries on arrival and note any visible damage on the carrier’s paperwork. Tell us within 14 days about damaged, faulty or wrongly picked parts, with the order id, and we will replace them or refund them.',
      'Parts that were ordered correctly but are no longer needed can be returned unused in their original packaging within 30 days; we refund them less the cost of the return freight.',
    ],
  },
];
