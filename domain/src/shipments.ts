import { z } from 'zod';
import { paginationQuery } from './envelope.ts';
import { MAX_ORDER_QUANTITY } from './orders.ts';

/** Issue 33: an order's shipments, each with a carrier and tracking number, mailed to the buyer. */

/** The most lines one shipment may name (an order has fewer). */
export const MAX_SHIPMENT_LINES = 500;

export const shipmentMessages = {
  whichWarehouse: (count: number) =>
    `warehouse: this order's pieces still to ship lie in ${count} warehouses; name the one this shipment leaves from`,
  nothingThere: 'warehouse: nothing of this order is left to ship from that warehouse',
  created: (pieces: number) => `Shipment sent: ${pieces} piece${pieces === 1 ? '' : 's'}`,
  notShippable: 'lines: this order cannot be shipped (not paid, cancelled, or already shipped)',
  notOnOrder: (productId: string) => `lines: product ${productId} is not on this order`,
  moreThanRemains: (productId: string, remaining: number) =>
    `lines: product ${productId} has ${remaining} piece${remaining === 1 ? '' : 's'} left to ship`,
  duplicate: (productId: string) => `lines: product ${productId} is named twice`,
  notFound: 'Shipment not found',
  remainderCancelled: 'The unshipped rest of the order was cancelled; its stock is back',
} as const;

/** Printable text on one line: no control characters, no line breaks. */
const oneLine = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, `${label} must be printable text on one line`);

export const shipmentLineRequest = z.object({
  productId: z.uuid({ message: 'Unknown product id' }),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${MAX_ORDER_QUANTITY}`),
});

/** `POST /manageOrder/{id}/shipments`. */
export const createShipmentRequest = z.object({
  lines: z
    .array(shipmentLineRequest, { error: 'Lines are required' })
    .min(1, 'Name at least one line to ship')
    .max(MAX_SHIPMENT_LINES, `At most ${MAX_SHIPMENT_LINES} lines`),
  carrier: oneLine('Carrier', 60),
  trackingNumber: oneLine('Tracking number', 100).regex(
    /^[A-Za-z0-9 -]*$/,
    'Tracking number may contain letters, digits, spaces and - only',
  ),
  /**
   * Issue 36: the warehouse the shipment leaves from (its id); needed when the order's pieces
   * still to ship lie in more than one.
   */
  warehouse: z.number().int().positive().optional(),
});
export type CreateShipmentRequest = z.infer<typeof createShipmentRequest>;

export const shipmentLine = z.object({
  lineNo: z.number().int(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Issue 35: the buyer's company's own number for the part, as the order line kept it. */
  customerPartNumber: z.string().nullable().optional(),
});

export const shipment = z.object({
  id: z.string(),
  orderId: z.string(),
  /** Null on a shipment of the whole-order ship action, which names neither. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking page for UPS, FedEx, USPS and DHL; null for others. */
  trackingUrl: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(shipmentLine),
  /** Issue 36: the warehouse it left from (public name); null before warehouses. */
  warehouse: z.string().nullable().optional(),
});
export type Shipment = z.infer<typeof shipment>;

export const shipmentIdParams = z.object({ id: z.uuid({ message: 'Unknown shipment id' }) });
export const shipmentsQuery = paginationQuery;

const TRACKING_PAGES: Record<string, (number: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
};

/** The carrier's tracking page for a known carrier (`UPS`, `FedEx`, `USPS`, `DHL`), else null. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const page =
    TRACKING_PAGES[
      carrier
        .trim()
        .toLowerCase()
        .replace(/[^a-z]/g, '')
    ];
  return page ? page(encodeURIComponent(trackingNumber.replace(/\s+/g, ''))) : null;
}
