import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { TargetPolicy } from './address-guard.ts';
import { endpointDisabledMail } from './webhook-mails.ts';
import { postOnce } from './webhook-post.ts';

/** How the worker runs; server.ts builds it from the WEBHOOK_* settings. */
export interface WorkerSettings {
  policy: TargetPolicy;
  /** Idle wait between rounds that found nothing due. */
  intervalMs: number;
  /** Deliveries claimed a round. */
  batchSize: number;
  /** Posts in flight at once. */
  concurrency: number;
  timeoutMs: number;
  /** Backoff: base × 2^(attempt − 1), at most maxMs, then jittered to 50–100 %. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A delivery still failing this long after it was made is marked failed. */
  giveUpAfterMs: number;
  /** An endpoint failing without a success this long is disabled and its admin mailed. */
  disableAfterMs: number;
}

interface Claimed {
  id: string;
  attempts: number;
  ageMs: number | string;
  endpointId: string;
  url: string;
  secret: string;
  eventId: string;
  type: string;
  eventCreated: string | Date;
  data: unknown;
}

interface Outcome {
  id: string;
  endpointId: string;
  status: 'pending' | 'delivered' | 'failed';
  retryInMs: number;
  code: number | null;
  latency: number;
  head: string | null;
  error: string | null;
}

/** The wait before attempt `attempts + 1`: exponential, capped, with full jitter (50–100 %). */
export function backoffMs(attempts: number, settings: WorkerSettings, random = Math.random) {
  const exponential = settings.retryBaseMs * 2 ** Math.min(attempts - 1, 30);
  const capped = Math.min(exponential, settings.retryMaxMs);
  return Math.round(capped * (0.5 + random() * 0.5));
}

/**
 * The due deliveries, claimed for this worker. Rules, checked in the one statement:
 * - due: pending, `next_attempt_at` passed, endpoint enabled;
 * - in order: none of the same endpoint and subject (one order, one product) with an earlier event
 *   still pending, so an endpoint never gets `order.paid` before that order's `order.created` was
 *   delivered; a delivery that gave up (failed) no longer holds the ones after it;
 * - oldest due first, walking the partial index on `next_attempt_at` and stopping at a batch (an
 *   order by `event_seq` sorted every pending row each round: 28,000 pending, 525 events/s);
 * - once: `for update skip locked` hands each row to one worker of many, and the claim moves
 *   `next_attempt_at` a lease ahead (twice the timeout, and a second). A worker killed
 *   mid-delivery leaves the row pending: when the lease runs out, another worker (or this one
 *   restarted) posts it again — at least once, which is why receivers dedupe by the event id.
 */
async function claimDue(db: Database, settings: WorkerSettings): Promise<Claimed[]> {
  // Outlasts a post (its timeout) and the recording of its outcome, with room to spare.
  const leaseMs = 2 * settings.timeoutMs + 1000;
  return rowsOf<Claimed>(
    db,
    sql`with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
        where d.status = 'pending' and d.next_attempt_at <= now()
          and (d.subject is null or not exists (
            select 1 from webhook_deliveries p
            where p.endpoint_id = d.endpoint_id and p.subject = d.subject
              and p.status = 'pending' and p.event_seq < d.event_seq))
        order by d.next_attempt_at
        limit ${settings.batchSize}
        for update of d skip locked
      )
      update webhook_deliveries d
      set next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}),
        attempts = d.attempts + 1, updated_at = now()
      from due, outbox_events ev, webhook_endpoints e
      where d.id = due.id and ev.id = d.event_id and e.id = d.endpoint_id
      returning d.id, d.attempts, extract(epoch from now() - d.created_at) * 1000 as "ageMs",
        e.id as "endpointId", e.url, e.secret, ev.id as "eventId", ev.type,
        ev.created_at as "eventCreated", ev.data`,
  );
}

/** The body every receiver gets: `{ id, type, created, data }`. */
export const deliveryBody = (row: Pick<Claimed, 'eventId' | 'type' | 'eventCreated' | 'data'>) =>
  JSON.stringify({
    id: row.eventId,
    type: row.type,
    created: new Date(row.eventCreated).toISOString(),
    data: row.data,
  });

async function deliver(row: Claimed, settings: WorkerSettings): Promise<Outcome> {
  const result = await postOnce(row.url, deliveryBody(row), row.secret, settings);
  const ok = result.code !== null && result.code >= 200 && result.code < 300;
  const error =
    result.error ??
    (ok ? null : result.code !== null && result.code < 400 ? 'redirect not followed' : null);
  const retryInMs = backoffMs(row.attempts, settings);
  const givesUp = !ok && Number(row.ageMs) + retryInMs > settings.giveUpAfterMs;
  return {
    id: row.id,
    endpointId: row.endpointId,
    status: ok ? 'delivered' : givesUp ? 'failed' : 'pending',
    retryInMs,
    code: result.code,
    latency: result.latency,
    head: result.head,
    error,
  };
}

/** Each attempt's outcome on its delivery, the attempt appended to its log (the last 50 kept). */
async function recordOutcomes(db: Database, outcomes: Outcome[]) {
  const rows = JSON.stringify(outcomes);
  await db.execute(
    sql`update webhook_deliveries d set status = r.status,
        next_attempt_at = case when r.status = 'pending'
          then now() + make_interval(secs => r."retryInMs" / 1000.0) else d.next_attempt_at end,
        last_status_code = r.code, latency_ms = r.latency, response_head = r.head,
        last_error = r.error, updated_at = now(),
        delivered_at = case when r.status = 'delivered' then now() end,
        attempt_log = (case when jsonb_array_length(d.attempt_log) >= 50
            then d.attempt_log - 0 else d.attempt_log end)
          || jsonb_build_array(jsonb_build_object('at', now(), 'statusCode', r.code,
            'latencyMs', r.latency, 'error', r.error))
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, status text, "retryInMs" int,
        code int, latency int, head text, error text)
      where d.id = r.id`,
  );
}

/**
 * An endpoint's health after a round: a success clears its failing run; a failure starts one; a
 * run older than `disableAfterMs` disables it (once: the guarded update answers it to one worker),
 * and its maker — or, without one, the shop's admins — is mailed.
 */
async function judgeEndpoints(
  db: Database,
  outcomes: Outcome[],
  settings: WorkerSettings,
): Promise<{ url: string; to: string[] }[]> {
  const succeeded = [
    ...new Set(outcomes.filter((o) => o.status === 'delivered').map((o) => o.endpointId)),
  ];
  const failed = [
    ...new Set(
      outcomes
        .filter((o) => o.status !== 'delivered' && !succeeded.includes(o.endpointId))
        .map((o) => o.endpointId),
    ),
  ];
  if (succeeded.length > 0)
    await db.execute(
      sql`update webhook_endpoints set failing_since = null
        where id = any(${sql.param(succeeded)}::uuid[]) and failing_since is not null`,
    );
  if (failed.length === 0) return [];
  // One update per row (two parts of one statement cannot both change a row).
  const window = sql`make_interval(secs => ${settings.disableAfterMs / 1000})`;
  return rowsOf<{ url: string; to: string[] }>(
    db,
    sql`with judged as (
        update webhook_endpoints set failing_since = coalesce(failing_since, now()),
          enabled = enabled and not coalesce(failing_since <= now() - ${window}, false),
          disabled_at = case when enabled and failing_since <= now() - ${window}
            then now() else disabled_at end
        where id = any(${sql.param(failed)}::uuid[])
        returning id, url, created_by, disabled_at = now() as "justDisabled"
      )
      select d.url, coalesce(
          (select array[u.email] from "user" u where u.id = d.created_by),
          (select array_agg(email) from "user" where role = 'admin')) as "to"
      from judged d where d."justDisabled"`,
  );
}

/** One round: claim, post (at most `concurrency` at once), record. Answers how many it posted. */
export async function deliverDue(
  db: Database,
  settings: WorkerSettings,
  mail?: { mailer: Mailer; log: FastifyBaseLogger },
): Promise<number> {
  const claimed = await claimDue(db, settings);
  if (claimed.length === 0) return 0;
  const outcomes: Outcome[] = [];
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) {
      const row = claimed[next++] as Claimed;
      outcomes.push(await deliver(row, settings));
    }
  };
  await Promise.all(Array.from({ length: Math.min(settings.concurrency, claimed.length) }, lane));
  await recordOutcomes(db, outcomes);
  const disabled = await judgeEndpoints(db, outcomes, settings);
  for (const endpoint of disabled)
    for (const to of endpoint.to ?? [])
      mail?.mailer
        .send(endpointDisabledMail(to, endpoint.url, settings.disableAfterMs))
        .catch((error: unknown) => mail.log.warn({ err: error }, 'webhook disabled mail failed'));
  return claimed.length;
}

/**
 * The delivery worker: rounds back to back while they come back full (a backlog), `intervalMs`
 * apart otherwise, so an event waits at most about that long (1 s by default). Safe in many processes on one database (claimDue). `stop` waits for the round under way,
 * so a graceful stop records every post it made.
 */
export function startDeliveryWorker(
  db: Database,
  settings: WorkerSettings,
  mail: { mailer: Mailer; log: FastifyBaseLogger },
) {
  let stopped = false;
  let wake: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let posted = 0;
      try {
        posted = await deliverDue(db, settings, mail);
      } catch (error) {
        mail.log.warn({ err: error }, 'webhook delivery round failed');
      }
      // A full batch: more is waiting, go on. Less: wait, and let events gather into the next
      // round (a round a few events long costs its four statements for those few).
      if (posted < settings.batchSize && !stopped)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, settings.intervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
