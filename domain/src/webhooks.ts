import { z } from 'zod';
import { paginationQuery } from './envelope.ts';

/**
 * Issue 34: the events the shop posts to registered endpoints. Each is written in the transaction
 * of the change that causes it (server/src/features/webhooks/outbox.ts).
 */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.approved',
  'order.paid',
  'order.shipped',
  'shipment.created',
  'order.cancelled',
  'invoice.created',
  'quote.requested',
  'quote.answered',
  'company.created',
  'product.updated',
  'stock.low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** How the admin page names each event. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'order.created': 'Order placed',
  'order.approved': 'Order approved',
  'order.paid': 'Order paid',
  'order.shipped': 'Order shipped',
  'shipment.created': 'Shipment sent',
  'order.cancelled': 'Order cancelled',
  'invoice.created': 'Invoice numbered',
  'quote.requested': 'Quote requested',
  'quote.answered': 'Quote answered',
  'company.created': 'Company created',
  'product.updated': 'Product changed',
  'stock.low': 'Stock running low',
};

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'Proper-Parts-Signature';

export const webhookMessages = {
  urlRequired: 'URL is Required',
  urlInvalid: 'Provide a valid URL, like https://erp.example.com/hooks',
  httpsOnly: 'The URL must start with https://',
  privateAddress: (address: string) =>
    `The URL leads to a private, loopback or link-local address (${address}): not allowed`,
  doesNotResolve: (host: string) => `The URL's host ${host} does not resolve`,
  eventsRequired: 'Choose at least one event',
  created: 'Webhook endpoint created: copy its secret now, it is shown only once',
  deleted: 'Webhook endpoint deleted',
  notFound: 'No such webhook endpoint',
  deliveryNotFound: 'No such webhook delivery',
  resent: 'Delivery queued again',
};

/** `url` is checked here for its shape; the server then checks its scheme and addresses. */
export const createWebhookRequest = z
  .object({
    url: z
      .string({ error: webhookMessages.urlRequired })
      .trim()
      .min(1, webhookMessages.urlRequired)
      .max(2000, 'URL must be at most 2000 characters')
      .pipe(z.url({ protocol: /^https?$/, error: webhookMessages.urlInvalid })),
    events: z
      .array(
        z.enum(WEBHOOK_EVENTS, { error: `events: each one of ${WEBHOOK_EVENTS.join(', ')}` }),
        {
          error: webhookMessages.eventsRequired,
        },
      )
      .min(1, webhookMessages.eventsRequired)
      .max(WEBHOOK_EVENTS.length)
      .refine((events) => new Set(events).size === events.length, 'events: each event once'),
  })
  .strict();
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;

/** The answer to a creation: the signing secret, which is never shown again. */
export const createdWebhook = z.object({ id: z.string(), secret: z.string() });

/** An endpoint as the list shows it (never its secret). */
export const webhookSummary = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookSummary = z.infer<typeof webhookSummary>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One event to one endpoint: where it stands and what the receiver last answered. */
export const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  /** The first 1 KB of the receiver's last answer. */
  responseHead: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhooksQuery = paginationQuery.pick({ limit: true, cursor: true }).strict();
export const webhookIdParams = z.object({ id: z.uuid({ message: webhookMessages.notFound }) });
export const webhookDeliveryIdParams = z.object({
  id: z.uuid({ message: webhookMessages.deliveryNotFound }),
});
