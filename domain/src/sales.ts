import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from './constants.ts';
import { daysBetween, isoDay } from './days.ts';

/**
 * Issue 21: the admin sales dashboard (decision 024). A sale is an invoiced order, counted on the
 * shop's day (SHOP_TIME_ZONE) its invoice was issued: a card order when its payment is confirmed,
 * an order on account when it is placed or approved. A refund is an invoiced order cancelled
 * later, subtracted on the day of its cancel; the day it was sold keeps its sale.
 */
export const SALES_INTERVALS = ['day', 'week', 'month'] as const;
export type SalesInterval = (typeof SALES_INTERVALS)[number];

/** The longest range one request may ask for: three years (a leap day included). */
export const SALES_MAX_DAYS = 1096;

/** How many products, brands and customers the top lists name. */
export const SALES_TOP = 10;

export const salesMessages = {
  fromAfterTo: 'from must not be after to',
  tooLong: `The range must be at most ${SALES_MAX_DAYS} days (3 years)`,
  badInterval: `interval: must be one of ${SALES_INTERVALS.join(', ')}`,
  /** 409 while the roll-ups are counted again after a change of SHOP_TIME_ZONE (decision 028). */
  rebuilding: (zone: string, days: number, ofDays: number) =>
    `The sales figures are being rebuilt for the new time zone, ${zone} (${days.toLocaleString('en-US')} of ${ofDays.toLocaleString('en-US')} days). They will be back in a few minutes.`,
  zoneChanged: "The shop's time zone changed while the sales figures were read: ask again.",
};

export const salesQuery = z
  .object({
    from: isoDay,
    /** Included. */
    to: isoDay,
    interval: z.enum(SALES_INTERVALS, { error: salesMessages.badInterval }).default('day'),
  })
  .strict()
  .refine(({ from, to }) => from <= to, { message: salesMessages.fromAfterTo, path: ['to'] })
  .refine(({ from, to }) => daysBetween(from, to) < SALES_MAX_DAYS, {
    message: salesMessages.tooLong,
    path: ['to'],
  });
export type SalesQuery = z.infer<typeof salesQuery>;

/** Money is in dollars, as everywhere in the API (stored in cents). */
const money = z.number();

export const salesDashboard = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(SALES_INTERVALS),
  /** The IANA time zone whose days these are (SHOP_TIME_ZONE). */
  timeZone: z.string(),
  summary: z.object({
    /** Sales less refunds. */
    revenue: money,
    /** Orders invoiced in the range, and their value. */
    orders: z.number().int(),
    gross: money,
    /** Invoiced orders cancelled in the range, and their value. */
    refunds: z.number().int(),
    refunded: money,
    /** Gross ÷ orders: what an invoiced order was worth on average (0 without orders). */
    averageOrderValue: money,
    /** Pieces sold less pieces refunded. */
    units: z.number().int(),
    /** Tax collected on the sales less the tax refunded: not revenue, shown apart (issue 33). */
    tax: money,
    /** Freight charged on the sales less the freight refunded: not revenue, shown apart. */
    freight: money,
  }),
  /** One bucket per day, week (from Monday) or month, the first one starting at `from`. */
  revenue: z
    .object({
      start: z.string(),
      revenue: money,
      orders: z.number().int(),
      refunded: money,
      /** Tax and freight collected in the bucket, net of refunds, beside its revenue. */
      tax: money,
      freight: money,
    })
    .array(),
  /** Orders placed in the range, by the status they have now (every status, zeros included). */
  statuses: z
    .object({ status: z.enum(ORDER_STATUSES), orders: z.number().int(), total: money })
    .array(),
  /** By net revenue. */
  topProducts: z
    .object({
      productId: z.string(),
      sku: z.string(),
      name: z.string(),
      units: z.number().int(),
      revenue: money,
    })
    .array(),
  topBrands: z
    .object({
      brandId: z.string().nullable(),
      name: z.string(),
      units: z.number().int(),
      revenue: money,
    })
    .array(),
  topCustomers: z
    .object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      orders: z.number().int(),
      revenue: money,
    })
    .array(),
  /** The products that sold the most pieces, beside the pieces in stock now. */
  unitsAgainstStock: z
    .object({
      productId: z.string(),
      sku: z.string(),
      name: z.string(),
      units: z.number().int(),
      stock: z.number().int(),
    })
    .array(),
});
export type SalesDashboard = z.infer<typeof salesDashboard>;

/** How the dashboard names each status (the orders pages' words). */
export const salesStatusLabels: Record<OrderStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  awaiting_freight: 'Awaiting freight quote',
  unpaid: 'Unpaid',
  pending: 'To ship',
  partially_shipped: 'Partially shipped',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};
