import type { StructuredAddress } from '@proper-parts/domain/addresses';
import {
  type AddressRequest,
  type CompanyAddress,
  companyMessages,
} from '@proper-parts/domain/companies';
import type { PaginationQuery } from '@proper-parts/domain/envelope';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { companyAddresses } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';
import { iso } from './company-repository.ts';

/** Addresses page oldest first (`company_addresses_company_idx`). */
const byAdded = { createdAt: companyAddresses.createdAt, id: companyAddresses.id };

const toAddress = (row: {
  id: string;
  label: string;
  address: string;
  shipTo: StructuredAddress | string | null;
  createdAt: string | Date;
}): CompanyAddress => ({
  _id: row.id,
  label: row.label,
  address: row.address,
  shipTo: typeof row.shipTo === 'string' ? JSON.parse(row.shipTo) : row.shipTo,
  createdAt: iso(row.createdAt),
});

export async function listAddresses(db: Database, companyId: string, page: PaginationQuery) {
  const ofCompany = eq(companyAddresses.companyId, companyId);
  const rows = await db
    .select({
      id: companyAddresses.id,
      label: companyAddresses.label,
      address: companyAddresses.address,
      shipTo: companyAddresses.shipTo,
      createdAt: companyAddresses.createdAt,
      cursorAt: cursorAt(byAdded),
    })
    .from(companyAddresses)
    .where(page.cursor ? and(ofCompany, afterCursor(byAdded, page.cursor, 'asc')) : ofCompany)
    .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return pageOf(rows, page.limit, toAddress, (row) => row.id);
}

export async function addAddress(
  db: Database,
  companyId: string,
  input: AddressRequest,
): Promise<CompanyAddress> {
  const [row] = await rowsOf<Parameters<typeof toAddress>[0]>(
    db,
    sql`insert into company_addresses (company_id, label, address, ship_to)
      values (${companyId}, ${input.label}, ${input.address},
        ${input.shipTo ? JSON.stringify(input.shipTo) : null}::jsonb)
      returning id, label, address, ship_to as "shipTo", created_at as "createdAt"`,
  );
  return toAddress(row as Parameters<typeof toAddress>[0]);
}

/** Another company's address is not found (its existence is not told). */
export async function deleteAddress(db: Database, companyId: string, id: string) {
  const gone = await rowsOf<{ id: string }>(
    db,
    sql`delete from company_addresses where id = ${id} and company_id = ${companyId} returning id`,
  );
  if (gone.length === 0) throw new AppError('NOT_FOUND', companyMessages.addressNotFound);
}
