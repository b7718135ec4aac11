import type { Readable } from 'node:stream';
import { AUDIT_CSV_COLUMNS, type AuditExportQuery } from '@proper-parts/domain/audit';
import type { Database } from '../../db/client.ts';
import { csvStream } from '../../http/csv-download.ts';
import { auditEntriesFor } from './audit-repository.ts';

const jsonCell = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');

/** The entries the filters match as CSV, newest first, streamed (columns: AUDIT_CSV_COLUMNS). */
export function exportAuditCsv(db: Database, query: AuditExportQuery): Readable {
  async function* rows() {
    for await (const entry of auditEntriesFor(db, query))
      yield [
        entry.id,
        entry.at,
        entry.actorEmail,
        entry.actorId,
        entry.ip,
        entry.action,
        entry.targetType,
        entry.targetId,
        entry.summary,
        jsonCell(entry.before),
        jsonCell(entry.after),
      ];
  }
  return csvStream(AUDIT_CSV_COLUMNS, rows());
}
