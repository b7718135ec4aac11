import type { Readable } from 'node:stream';
import { RETURNS_CSV_COLUMNS } from '@proper-parts/domain/exports';
import type { OrdersExportQuery } from '@proper-parts/domain/orders';
import { creditNoteNumberOf, rmaNumberOf } from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { csvDollars, csvStream } from '../../http/csv-download.ts';

const BATCH = 1000;

type ReturnRow = {
  id: string;
  created_at: string | Date;
  /** The exact time (microseconds), for the keyset: a Date keeps milliseconds only. */
  at: string;
  rma_year: number | null;
  rma_number: number | null;
  state: string;
  order_id: string;
  company: string | null;
  email: string;
  pieces: number | string;
  restocked: number | string;
  scrapped: number | string;
  refused: number | string;
  refunded_at: string | Date | null;
  refund_cents: number | string | null;
  refund_tax_cents: number | string | null;
  refund_freight_cents: number | string | null;
  restocking_fee_cents: number | string | null;
  refund_deposit_cents: number | string | null;
  note_year: number | null;
  note_number: number | null;
};

const iso = (at: string | Date | null) => (at === null ? '' : new Date(at).toISOString());
const money = (cents: number | string | null) => (cents === null ? '' : csvDollars(cents));

/** Returns asked for in a range of days, oldest first (keyset on (created_at, id)). */
async function* returnRows(db: Database, range: OrdersExportQuery) {
  const from = `${range.from}T00:00:00Z`;
  const until = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000).toISOString();
  let after = { at: from, id: '00000000-0000-0000-0000-000000000000' };
  for (;;) {
    const rows = (
      await db.execute<ReturnRow>(sql`
        select r.id, r.created_at, r.created_at::text as at, r.rma_year, r.rma_number, r.state, r.order_id,
          c.name as company, o.email,
          (select coalesce(sum(l.quantity), 0) from return_lines l where l.return_id = r.id) as pieces,
          (select coalesce(sum(l.restocked), 0) from return_lines l where l.return_id = r.id) as restocked,
          (select coalesce(sum(l.scrapped), 0) from return_lines l where l.return_id = r.id) as scrapped,
          (select coalesce(sum(l.refused), 0) from return_lines l where l.return_id = r.id) as refused,
          case when r.refund_state = 'refunded' then r.refunded_at end as refunded_at,
          case when r.refund_state = 'refunded' then r.refund_cents end as refund_cents,
          r.refund_tax_cents, r.refund_freight_cents, r.restocking_fee_cents, r.refund_deposit_cents,
          n.year as note_year, n.number_in_year as note_number
        from returns r
          join orders o on o.id = r.order_id
          left join companies c on c.id = r.company_id
          left join credit_notes n on n.return_id = r.id
        where (r.created_at, r.id) > (${after.at}::timestamptz, ${after.id}::uuid)
          and r.created_at < ${until}::timestamptz
        order by r.created_at, r.id
        limit ${BATCH}`)
    ).rows;
    for (const row of rows)
      yield [
        row.rma_year !== null && row.rma_number !== null
          ? rmaNumberOf(row.rma_year, row.rma_number)
          : '',
        iso(row.created_at),
        row.state,
        row.order_id,
        row.company,
        row.email,
        String(row.pieces),
        String(row.restocked),
        String(row.scrapped),
        String(row.refused),
        iso(row.refunded_at),
        money(row.refund_cents),
        row.refund_cents === null ? '' : money(row.refund_tax_cents),
        row.refund_cents === null ? '' : money(row.refund_freight_cents),
        row.refund_cents === null ? '' : money(row.refund_deposit_cents ?? 0),
        row.refund_cents === null ? '' : money(row.restocking_fee_cents),
        row.note_year !== null && row.note_number !== null
          ? creditNoteNumberOf(row.note_year, row.note_number)
          : '',
      ];
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { at: last.at, id: last.id };
  }
}

export function exportReturnsCsv(db: Database, range: OrdersExportQuery): Readable {
  return csvStream(RETURNS_CSV_COLUMNS, returnRows(db, range));
}
