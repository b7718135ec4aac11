import {
  type CreateWebhookRequest,
  type WebhookDelivery,
  type WebhookSummary,
  webhookMessages,
} from '@proper-parts/domain/webhooks';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { outboxEvents, user, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { checkWebhookUrl, type TargetPolicy } from './address-guard.ts';
import { newWebhookSecret } from './signature.ts';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * Registers an endpoint: its URL checked (https, public addresses: address-guard.ts), a new
 * secret, and the audit entry, in one transaction. Answers the secret, once.
 */
export async function createEndpoint(
  db: Database,
  actor: AuditActor,
  input: CreateWebhookRequest,
  policy: TargetPolicy,
): Promise<{ id: string; secret: string }> {
  await checkWebhookUrl(input.url, policy);
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url: input.url, events: input.events, secret, createdBy: actor.id })
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new Error('webhook endpoint not stored');
    await recordAudit(tx, actor, {
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: row.id,
      summary: `Webhook endpoint ${input.url} for ${input.events.join(', ')}`,
      after: { url: input.url, events: input.events },
    });
    return { id: row.id, secret };
  });
}

/** Every endpoint, the newest first: keyset pages. */
export async function listEndpoints(
  db: Database,
  { limit, cursor }: { limit: number; cursor?: string },
) {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      events: webhookEndpoints.events,
      enabled: webhookEndpoints.enabled,
      disabledAt: webhookEndpoints.disabledAt,
      failingSince: webhookEndpoints.failingSince,
      createdBy: user.email,
      createdAt: webhookEndpoints.createdAt,
      cursorAt: cursorAt(webhookEndpoints),
    })
    .from(webhookEndpoints)
    .leftJoin(user, eq(user.id, webhookEndpoints.createdBy))
    .where(cursor ? afterCursor(webhookEndpoints, cursor) : undefined)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(limit + 1);
  return pageOf(
    rows,
    limit,
    (row): WebhookSummary => ({
      id: row.id,
      url: row.url,
      events: row.events as WebhookSummary['events'],
      enabled: row.enabled,
      disabledAt: iso(row.disabledAt),
      failingSince: iso(row.failingSince),
      createdBy: row.createdBy,
      createdAt: iso(row.createdAt) as string,
    }),
    (row) => row.id,
  );
}

/** Deletes the endpoint and its deliveries (the events stay in the outbox). */
export async function deleteEndpoint(db: Database, actor: AuditActor, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await rowsOf<{ url: string; events: string[] }>(
      tx,
      sql`delete from webhook_endpoints where id = ${id} returning url, events`,
    );
    if (!row) throw new AppError('NOT_FOUND', webhookMessages.notFound);
    await recordAudit(tx, actor, {
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: id,
      summary: `Deleted webhook endpoint ${row.url}`,
      before: { url: row.url, events: row.events },
    });
  });
}

/** An endpoint's deliveries, the newest first: keyset pages. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  { limit, cursor }: { limit: number; cursor?: string },
) {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw new AppError('NOT_FOUND', webhookMessages.notFound);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: outboxEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      lastStatusCode: webhookDeliveries.lastStatusCode,
      latencyMs: webhookDeliveries.latencyMs,
      responseHead: webhookDeliveries.responseHead,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      cursorAt: cursorAt(webhookDeliveries),
    })
    .from(webhookDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        cursor ? afterCursor(webhookDeliveries, cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit + 1);
  return pageOf(rows, limit, toDelivery, (row) => row.id);
}

type DeliveryRow = Omit<
  WebhookDelivery,
  'eventType' | 'status' | 'nextAttemptAt' | 'createdAt' | 'deliveredAt'
> & {
  eventType: string;
  status: string;
  nextAttemptAt: Date | string | null;
  createdAt: Date | string;
  deliveredAt: Date | string | null;
};

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType as WebhookDelivery['eventType'],
  status: row.status as WebhookDelivery['status'],
  attempts: row.attempts,
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  lastStatusCode: row.lastStatusCode,
  latencyMs: row.latencyMs,
  responseHead: row.responseHead,
  lastError: row.lastError,
  createdAt: iso(row.createdAt) as string,
  deliveredAt: iso(row.deliveredAt),
});

/**
 * Queues a delivery again, now (delivered or failed ones too: the receiver dedupes by event id).
 * Resending to a disabled endpoint enables it again: it is how an admin says the receiver is back,
 * and the deliveries it missed follow.
 */
export async function resendDelivery(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ endpointId: string; url: string; type: string }>(
      tx,
      sql`with queued as (
          update webhook_deliveries set status = 'pending', next_attempt_at = now(),
            updated_at = now()
          where id = ${id}
          returning endpoint_id, event_id
        ), enabled as (
          update webhook_endpoints e set enabled = true, disabled_at = null, failing_since = null
          from queued q where e.id = q.endpoint_id and not e.enabled
        )
        select q.endpoint_id as "endpointId", e.url, ev.type from queued q
        join webhook_endpoints e on e.id = q.endpoint_id
        join outbox_events ev on ev.id = q.event_id`,
    );
    if (!row) throw new AppError('NOT_FOUND', webhookMessages.deliveryNotFound);
    await recordAudit(tx, actor, {
      action: 'webhook.resend',
      targetType: 'webhook',
      targetId: row.endpointId,
      summary: `Resent ${row.type} (delivery ${id.slice(0, 8)}) to ${row.url}`,
    });
    const [delivery] = await rowsOf<DeliveryRow>(
      tx,
      sql`select d.id, d.event_id as "eventId", ev.type as "eventType", d.status, d.attempts,
          d.next_attempt_at as "nextAttemptAt", d.last_status_code as "lastStatusCode",
          d.latency_ms as "latencyMs", d.response_head as "responseHead",
          d.last_error as "lastError", d.created_at as "createdAt",
          d.delivered_at as "deliveredAt"
        from webhook_deliveries d join outbox_events ev on ev.id = d.event_id
        where d.id = ${id}`,
    );
    return toDelivery(delivery as DeliveryRow);
  });
}
