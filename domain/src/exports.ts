/**
 * Issue 21: what the people who run the shop take to a spreadsheet or an accounting system.
 * Each export is streamed as CSV, oldest first (the orders export is in orders.ts).
 */

/** `GET /invoices/export.csv?from&to`: one row per invoice issued in the range. */
export const INVOICES_CSV_COLUMNS = [
  'invoiceNumber',
  'issuedAt',
  'orderId',
  'orderStatus',
  'company',
  'customer',
  'email',
  'poNumber',
  'total',
  'paid',
  'dueOn',
  'settledAt',
  'state',
] as const;

/** `GET /customers/export.csv`: every account, with its company and contact details. */
export const CUSTOMERS_CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'emailConfirmed',
  'role',
  'joinedAt',
  'company',
  'companyRole',
  'phone',
  'city',
  'orders',
] as const;

/** Issue 37, `GET /admin/returns/export.csv?from&to`: one row per return asked for in the range. */
export const RETURNS_CSV_COLUMNS = [
  'rmaNumber',
  'requestedAt',
  'state',
  'orderId',
  'company',
  'email',
  'pieces',
  'restocked',
  'scrapped',
  'refused',
  'refundedAt',
  'refund',
  'tax',
  'freight',
  /** Issue 37: of the refund before tax, the core deposits given back. */
  'deposits',
  'restockingFee',
  'creditNote',
] as const;
