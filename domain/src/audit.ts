import { z } from 'zod';
import { isoDay } from './days.ts';

/**
 * Issue 21: the audit log. Every admin action and security event, appended in the transaction of
 * the change it records, never changed (a database trigger refuses it), kept AUDIT_RETENTION_DAYS.
 */
export const AUDIT_ACTIONS = [
  'product.create',
  'product.update',
  'product.delete',
  'catalog.import',
  'fitment.import',
  'part-numbers.import',
  'order.ship',
  'order.shipment',
  'order.cancel',
  'order.approve',
  'order.reject',
  'invoice.payment',
  'quote.answer',
  'quote.decline',
  'user.grant-admin',
  'company.terms',
  'company.catalog',
  'tax.rates',
  'tax.import',
  'tax.exemption',
  'shipping.methods',
  'order.freight',
  'auth.sign-in-limited',
  'auth.password-reset',
  'punchout.connect',
  'punchout.disconnect',
  'webhook.create',
  'webhook.delete',
  'webhook.resend',
  'api-key.create',
  'api-key.revoke',
  'price-list.create',
  'price-list.update',
  'price-list.delete',
  'price-list.import',
  'return.approve',
  'return.refuse',
  'return.receive',
  'return.refund',
  'return.credit_note',
  'credit_note.paid_back',
  'warehouse.create',
  'warehouse.update',
  'warehouse.remove',
  'stock.adjust',
  'stock.transfer',
  'stock.import',
  'backorder.terms',
  'purchase-order.create',
  'purchase-order.delete',
  'purchase-order.import',
  'purchase-order.receive',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about; its `targetId` is the id (or email, or file name) within that kind. */
export const AUDIT_TARGET_TYPES = [
  'product',
  'catalog',
  'fitment',
  'order',
  'invoice',
  'quote',
  'user',
  'company',
  'tax',
  'shipping',
  'punchout',
  'webhook',
  'api-key',
  'price-list',
  'return',
  'credit_note',
  'warehouse',
  'stock',
  'purchase-order',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** How the admin page names each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  'product.create': 'Product added',
  'product.update': 'Product edited',
  'product.delete': 'Product deleted',
  'catalog.import': 'Catalog import',
  'fitment.import': 'Vehicle fitment import',
  'part-numbers.import': "A company's part numbers import",
  'order.ship': 'Order shipped',
  'order.shipment': 'Shipment sent',
  'order.cancel': 'Order cancelled',
  'order.approve': 'Order approved',
  'order.reject': 'Order rejected',
  'invoice.payment': 'Payment recorded',
  'quote.answer': 'Quote answered',
  'quote.decline': 'Quote declined',
  'user.grant-admin': 'Admin granted',
  'company.terms': 'Company terms',
  'company.catalog': 'Company catalog',
  'tax.rates': 'Sales-tax rates',
  'tax.import': 'Sales-tax rates import',
  'tax.exemption': 'Tax exemption',
  'shipping.methods': 'Shipping methods',
  'order.freight': 'Freight quoted',
  'auth.sign-in-limited': 'Sign-ins over the limit',
  'auth.password-reset': 'Password reset',
  'punchout.connect': 'PunchOut connected',
  'punchout.disconnect': 'PunchOut connection deleted',
  'webhook.create': 'Webhook endpoint registered',
  'webhook.delete': 'Webhook endpoint deleted',
  'webhook.resend': 'Webhook delivery resent',
  'api-key.create': 'API key made',
  'api-key.revoke': 'API key revoked',
  'price-list.create': 'Price list created',
  'price-list.update': 'Price list edited',
  'price-list.delete': 'Price list deleted',
  'price-list.import': "A price list's CSV import",
  'return.approve': 'Return approved',
  'return.refuse': 'Return refused',
  'return.receive': 'Return received',
  'return.refund': 'Return refunded',
  'return.credit_note': 'Credit note issued',
  'credit_note.paid_back': 'Credit note paid back',
  'warehouse.create': 'Warehouse added',
  'warehouse.update': 'Warehouse changed',
  'warehouse.remove': 'Warehouse removed',
  'stock.adjust': 'Stock adjusted',
  'stock.transfer': 'Stock transferred',
  'stock.import': 'A stock CSV import',
  'backorder.terms': 'Backorder terms',
  'purchase-order.create': 'Purchase order added',
  'purchase-order.delete': 'Purchase order removed',
  'purchase-order.import': 'A purchase orders CSV import',
  'purchase-order.receive': 'Purchase order received',
};

export const auditMessages = {
  invalidCursor: 'cursor: is not a cursor this list gave; start again without one',
  fromAfterTo: 'from must not be after to',
  unknownAction: `action: must be one of ${AUDIT_ACTIONS.join(', ')}`,
};

/** A JSON object as it was stored (a product's fields, a company's terms): shown as a diff. */
const snapshot = z.record(z.string(), z.unknown()).nullable();

export const auditEntry = z.object({
  /** Decimal digits: the entry's place in the log (newest is highest). */
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.string(),
  before: snapshot,
  after: snapshot,
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * The filters of the list and of the CSV: `actor` is an email or a user id; `target` is an id, or
 * `type:id` (`product:…`, `user:someone@example.com`); `from` and `to` are days (UTC), both in.
 */
const auditFilterFields = {
  action: z.enum(AUDIT_ACTIONS, { error: auditMessages.unknownAction }).optional(),
  actor: z.string().trim().min(1).max(254).optional(),
  target: z.string().trim().min(1).max(300).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
};
const fromNotAfterTo = ({ from, to }: { from?: string; to?: string }) => !from || !to || from <= to;

export const auditExportQuery = z
  .object(auditFilterFields)
  .strict()
  .refine(fromNotAfterTo, { message: auditMessages.fromAfterTo, path: ['to'] });
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

/** `GET /audit`: newest first, a page at a time by `cursor` (the `nextCursor` of the page before). */
export const auditQuery = z
  .object({
    ...auditFilterFields,
    cursor: z.string().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict()
  .refine(fromNotAfterTo, { message: auditMessages.fromAfterTo, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuery>;

/** `target` split: `product:abc` names the kind and the id; a bare value is an id of any kind. */
export function parseAuditTarget(target: string): { type?: AuditTargetType; id: string } {
  const colon = target.indexOf(':');
  const type = target.slice(0, colon);
  if (colon > 0 && (AUDIT_TARGET_TYPES as readonly string[]).includes(type))
    return { type: type as AuditTargetType, id: target.slice(colon + 1) };
  return { id: target };
}

/** The CSV's columns, in order; `before` and `after` are JSON. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actorEmail',
  'actorId',
  'ip',
  'action',
  'targetType',
  'targetId',
  'summary',
  'before',
  'after',
] as const;
