import type { AuditAction, AuditTargetType } from '@proper-parts/domain/audit';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';

/** Who did it, from where: a request's signed-in actor and address, or an event's own. */
export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** One line an admin reads in the list. */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** A database or the transaction of the change being recorded. */
type Writer = Pick<Database, 'execute'>;

export function auditActorOf(request: FastifyRequest): AuditActor {
  return { id: request.actor?.id ?? null, email: request.actor?.email ?? null, ip: request.ip };
}

const jsonOrNull = (value: Record<string, unknown> | null | undefined) =>
  value ? sql`${JSON.stringify(value)}::jsonb` : sql`null`;

/**
 * Appends one entry. Pass the transaction that makes the change: the entry commits with it, or
 * neither does (an entry for a change that was rolled back would be a lie; a change without its
 * entry, a hole).
 */
export async function recordAudit(
  db: Writer,
  who: FastifyRequest | AuditActor,
  entry: AuditRecord,
): Promise<void> {
  const actor = 'raw' in who ? auditActorOf(who) : who;
  await db.execute(sql`insert into audit_log
      (actor_id, actor_email, ip, action, target_type, target_id, summary, before, after)
    values (${actor.id}, ${actor.email}, ${actor.ip}, ${entry.action}, ${entry.targetType},
      ${entry.targetId}, ${entry.summary}, ${jsonOrNull(entry.before)}, ${jsonOrNull(entry.after)})`);
}
