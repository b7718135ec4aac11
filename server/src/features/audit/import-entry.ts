import type { AuditAction, AuditTargetType } from '@proper-parts/domain/audit';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ImportRecord } from '../../http/csv-upload.ts';
import { storableText } from '../../plugins/input-guard.ts';
import { auditActorOf } from './audit-log.ts';

type Writer = Pick<Database, 'execute'>;

interface ImportEntryOptions<Report> {
  action: Extract<
    AuditAction,
    | 'catalog.import'
    | 'fitment.import'
    | 'part-numbers.import'
    | 'price-list.import'
    | 'stock.import'
    | 'purchase-order.import'
  >;
  targetType: AuditTargetType;
  file: string;
  /** What the entry is about, when not the file (a company's id). */
  targetId?: string;
  /** The report's counts, in the order the summary names them: `{ created: 3, updated: 2 }`. */
  counts: (report: Report) => Record<string, number>;
}

/**
 * Issue 31 (decision 033): an import's audit entry is written when the import starts (`after`
 * says `state: running`), brought up to date as its batches commit, and closed when it ends
 * (`done`, `stopped`, `failed`). A process killed mid-import leaves the entry `running`, with the
 * counts it had committed. Migration 0019 lets the append-only log change such an entry, only
 * its summary and `after`, only while it runs.
 */
export async function openImportEntry<Report>(
  db: Writer,
  request: FastifyRequest,
  { action, targetType, file: named, targetId, counts }: ImportEntryOptions<Report>,
): Promise<ImportRecord<Report>> {
  const file = storableText(named);
  const actor = auditActorOf(request);
  const [row] = (
    await db.execute<{ id: string }>(sql`insert into audit_log
        (actor_id, actor_email, ip, action, target_type, target_id, summary, after)
      values (${actor.id}, ${actor.email}, ${actor.ip}, ${action}, ${targetType}, ${targetId ?? file},
        ${`Importing ${file} (not finished): nothing committed yet`},
        ${JSON.stringify({ file, state: 'running' })}::jsonb)
      returning id`)
  ).rows;
  const id = String(row?.id);
  const write = async (writer: Writer, summary: string, after: Record<string, unknown>) => {
    await writer.execute(sql`update audit_log set summary = ${summary},
        after = ${JSON.stringify({ file, ...after })}::jsonb
      where id = ${id}::bigint and after->>'state' = 'running'`);
  };
  const countsOf = (report: Report) => {
    const named = counts(report);
    const text = Object.entries(named)
      .map(([name, count]) => `${count} ${name}`)
      .join(', ');
    return { text, counts: named };
  };
  return {
    async committed(writer, report) {
      const now = countsOf(report);
      await write(writer, `Importing ${file} (not finished): ${now.text} so far`, {
        ...now.counts,
        state: 'running',
      });
    },
    async ended(report, stopped) {
      const { text, counts: named } = countsOf(report);
      await write(db, `Imported ${file}: ${text}${stopped ? ' (stopped early)' : ''}`, {
        ...named,
        stopped,
        state: stopped ? 'stopped' : 'done',
      });
    },
    async failed(refusal) {
      const reason = storableText(refusal);
      // The counts stay those the last committed batch wrote.
      await db.execute(sql`update audit_log
        set summary = ${`Import of ${file} failed (${reason}); the counts are what it committed`},
          after = after || ${JSON.stringify({ failure: reason, state: 'failed' })}::jsonb
        where id = ${id}::bigint and after->>'state' = 'running'`);
    },
  };
}
