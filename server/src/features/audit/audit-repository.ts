import {
  type AuditEntry,
  type AuditExportQuery,
  type AuditQuery,
  auditMessages,
  parseAuditTarget,
} from '@proper-parts/domain/audit';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

/** Entries read per query by the CSV export: flat memory at any size. */
const EXPORT_BATCH = 1000;

/**
 * The list's cursor: the last id seen, opaque to clients (base64url). Ids only grow, so the
 * primary key alone orders the log newest first, and each page starts just below the last.
 */
export const encodeAuditCursor = (id: string) => Buffer.from(`audit:${id}`).toString('base64url');

export function decodeAuditCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^audit:(\d{1,18})$/.exec(text);
  if (!match?.[1]) throw new AppError('INVALID', auditMessages.invalidCursor);
  return match[1];
}

type Row = {
  id: string;
  at: string | Date;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  summary: string;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
};

const jsonOf = (value: Row['before']) =>
  typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;

const toEntry = (row: Row): AuditEntry => ({
  id: String(row.id),
  at: new Date(row.at).toISOString(),
  actorId: row.actor_id,
  actorEmail: row.actor_email,
  ip: row.ip,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  summary: row.summary,
  before: jsonOf(row.before),
  after: jsonOf(row.after),
});

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/** The filters as SQL conditions (each has an index: action, actor, target, time). */
function filtersOf(query: AuditExportQuery): SQL[] {
  const where: SQL[] = [];
  if (query.action) where.push(sql`action = ${query.action}`);
  if (query.actor)
    where.push(
      query.actor.includes('@')
        ? sql`actor_email = ${query.actor.toLowerCase()}`
        : sql`actor_id = ${query.actor}`,
    );
  if (query.target) {
    const target = parseAuditTarget(query.target);
    const id = target.id.includes('@') ? target.id.toLowerCase() : target.id;
    where.push(sql`target_id = ${id}`);
    if (target.type) where.push(sql`target_type = ${target.type}`);
  }
  if (query.from) where.push(sql`at >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  if (query.to) where.push(sql`at < ${nextDay(query.to)}::timestamptz`);
  return where;
}

async function readEntries(db: Database, where: SQL[], belowId: string | null, limit: number) {
  const conditions = belowId ? [...where, sql`audit_log.id < ${belowId}::bigint`] : where;
  const filter = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await db.execute<Row>(sql`
    select id::text as id, at, actor_id, actor_email, ip, action, target_type, target_id, summary,
      before, after
    from audit_log ${filter}
    order by audit_log.id desc
    limit ${limit}`);
  return rows.rows;
}

/** `GET /audit`: a page, newest first, and the cursor of the next (null on the last page). */
export async function listAuditEntries(
  db: Database,
  query: AuditQuery,
): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
  const below = query.cursor ? decodeAuditCursor(query.cursor) : null;
  const rows = await readEntries(db, filtersOf(query), below, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toEntry),
    nextCursor: rows.length > query.limit && last ? encodeAuditCursor(String(last.id)) : null,
  };
}

/** Every entry the filters match, newest first, a batch at a time (the CSV export). */
export async function* auditEntriesFor(
  db: Database,
  query: AuditExportQuery,
): AsyncGenerator<AuditEntry> {
  const where = filtersOf(query);
  let below: string | null = null;
  for (;;) {
    const rows = await readEntries(db, where, below, EXPORT_BATCH);
    for (const row of rows) yield toEntry(row);
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || !last) return;
    below = String(last.id);
  }
}
