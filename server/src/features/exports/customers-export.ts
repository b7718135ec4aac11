import type { Readable } from 'node:stream';
import { CUSTOMERS_CSV_COLUMNS } from '@proper-parts/domain/exports';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { csvStream } from '../../http/csv-download.ts';

const BATCH = 1000;

type CustomerRow = {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  role: string;
  created_at: string | Date;
  company: string | null;
  company_role: string | null;
  phone: string | null;
  city: string | null;
  orders: number | string;
};

/** Every account by id (the primary key: keyset pages), its company, contact and order count. */
async function* customerRows(db: Database) {
  let after = '';
  for (;;) {
    const rows = (
      await db.execute<CustomerRow>(sql`
        select u.id, u.name, u.email, u.email_verified, u.role, u.created_at,
          c.name as company, m.role as company_role, p.phone, p.city,
          (select count(*) from orders o where o.user_id = u.id) as orders
        from "user" u
          left join company_members m on m.user_id = u.id
          left join companies c on c.id = m.company_id
          left join profiles p on p.user_id = u.id
        where u.id > ${after}
        order by u.id
        limit ${BATCH}`)
    ).rows;
    for (const row of rows)
      yield [
        row.id,
        row.name,
        row.email,
        row.email_verified ? 'yes' : 'no',
        row.role,
        new Date(row.created_at).toISOString(),
        row.company,
        row.company_role ?? '',
        row.phone,
        row.city,
        Number(row.orders),
      ];
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = last.id;
  }
}

export function exportCustomersCsv(db: Database): Readable {
  return csvStream(CUSTOMERS_CSV_COLUMNS, customerRows(db));
}
