import {
  percentOfPpm,
  ppmOfPercent,
  type TaxExemption,
  type TaxExemptionRequest,
  type TaxExemptionView,
  type TaxRate,
  type TaxRateEntry,
  taxMessages,
} from '@proper-parts/domain/tax';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import type { StateRate } from './builtin-tax.ts';
import type { TaxBuyer } from './tax-calculator.ts';

interface RateRow {
  country: string;
  region: string;
  name: string;
  ratePpm: number;
  freightTaxable: boolean;
}

const toRate = (row: RateRow): TaxRate => ({
  country: row.country,
  region: row.region,
  name: row.name,
  rate: percentOfPpm(row.ratePpm),
  freightTaxable: row.freightTaxable,
});

/** Every state's rate, keyed `country/region`: what the rate cache keeps (cart/rate-tables.ts). */
export async function allStateRates(db: Queryable): Promise<Map<string, StateRate>> {
  const rows = await rowsOf<StateRate & { country: string; region: string }>(
    db,
    sql`select country, region, name, rate_ppm as "ratePpm", freight_taxable as "freightTaxable"
      from tax_rates`,
  );
  return new Map(
    rows.map(({ country, region, name, ratePpm, freightTaxable }) => [
      `${country}/${region}`,
      { name, ratePpm: Number(ratePpm), freightTaxable },
    ]),
  );
}

export async function listTaxRates(db: Queryable): Promise<TaxRate[]> {
  const rows = await rowsOf<RateRow>(
    db,
    sql`select country, region, name, rate_ppm as "ratePpm", freight_taxable as "freightTaxable"
      from tax_rates order by country, region`,
  );
  return rows.map(toRate);
}

const ratesJson = (rates: TaxRateEntry[]) =>
  JSON.stringify(
    rates.map((r) => ({
      country: r.country,
      region: r.region,
      name: r.name,
      rate_ppm: ppmOfPercent(r.rate),
      freight_taxable: r.freightTaxable,
    })),
  );

/**
 * Writes rates (all of them, or `replace`: the table becomes exactly these) in one transaction
 * with its audit entry: an import or an edit is whole or not at all, and says what changed.
 */
export async function saveTaxRates(
  db: Database,
  actor: AuditActor,
  rates: TaxRateEntry[],
  { replace, file }: { replace: boolean; file?: string },
): Promise<TaxRate[]> {
  return db.transaction(async (tx) => {
    const before = await listTaxRates(tx);
    if (replace) await tx.execute(sql`delete from tax_rates`);
    await tx.execute(sql`insert into tax_rates (country, region, name, rate_ppm, freight_taxable)
      select country, region, name, rate_ppm, freight_taxable
      from jsonb_to_recordset(${ratesJson(rates)}::jsonb)
        as r(country text, region text, name text, rate_ppm int, freight_taxable boolean)
      on conflict (country, region) do update set name = excluded.name,
        rate_ppm = excluded.rate_ppm, freight_taxable = excluded.freight_taxable,
        updated_at = now()`);
    const after = await listTaxRates(tx);
    await recordAudit(tx, actor, {
      action: file ? 'tax.import' : 'tax.rates',
      targetType: 'tax',
      targetId: file ?? 'tax-rates',
      summary: file
        ? `Imported ${file}: ${rates.length} sales-tax rates (${after.length} in the table)`
        : `Sales-tax table: ${before.length} → ${after.length} rates`,
      before: { rates: before },
      after: { rates: after },
    });
    return after;
  });
}

interface ExemptionRow {
  certificateNumber: string;
  regions: string[];
  expiresOn: string;
}

export async function setTaxExemption(
  db: Database,
  actor: AuditActor,
  companyId: string,
  exemption: TaxExemptionRequest['exemption'],
): Promise<TaxExemptionView | null> {
  return db.transaction(async (tx) => {
    const [company] = await rowsOf<{ name: string }>(
      tx,
      sql`select name from companies where id = ${companyId} for update`,
    );
    if (!company) throw new AppError('NOT_FOUND', taxMessages.companyNotFound);
    const [before] = await exemptionRows(tx, companyId);
    if (exemption)
      await tx.execute(sql`insert into tax_exemptions
          (company_id, certificate_number, regions, expires_on)
        values (${companyId}, ${exemption.certificateNumber},
          ${sql`array[${sql.join(
            exemption.regions.map((r) => sql`${r}`),
            sql`, `,
          )}]::text[]`}, ${exemption.expiresOn})
        on conflict (company_id) do update set certificate_number = excluded.certificate_number,
          regions = excluded.regions, expires_on = excluded.expires_on, updated_at = now()`);
    else await tx.execute(sql`delete from tax_exemptions where company_id = ${companyId}`);
    await recordAudit(tx, actor, {
      action: 'tax.exemption',
      targetType: 'company',
      targetId: companyId,
      summary: exemption
        ? `${company.name}: tax exempt in ${exemption.regions.join(', ')} until ${exemption.expiresOn} (certificate ${exemption.certificateNumber})`
        : `${company.name}: exemption ended`,
      before: before ? { ...before } : null,
      after: exemption ? { ...exemption } : null,
    });
    return exemption && viewOf(exemption);
  });
}

/** A company's certificate as recorded (404 for no such company), null when it has none. */
export async function taxExemptionOf(
  db: Database,
  companyId: string,
): Promise<TaxExemptionView | null> {
  const [company] = await rowsOf<{ id: string }>(
    db,
    sql`select id from companies where id = ${companyId}`,
  );
  if (!company) throw new AppError('NOT_FOUND', taxMessages.companyNotFound);
  const [row] = await exemptionRows(db, companyId);
  return row ? viewOf(row) : null;
}

/** Expired as the tax calculator judges it: its last day is before today's (UTC) date. */
const viewOf = (exemption: TaxExemption): TaxExemptionView => ({
  certificateNumber: exemption.certificateNumber,
  regions: exemption.regions,
  expiresOn: exemption.expiresOn,
  expired: exemption.expiresOn < new Date().toISOString().slice(0, 10),
});

function exemptionRows(db: Queryable, companyId: string) {
  return rowsOf<ExemptionRow>(
    db,
    sql`select certificate_number as "certificateNumber", regions,
        to_char(expires_on, 'YYYY-MM-DD') as "expiresOn"
      from tax_exemptions where company_id = ${companyId}`,
  );
}

/**
 * The exemption certificate of `alias` (a `tax_exemptions` row, null when the company has none) as
 * the tax driver reads it. jsonb: the checkout's statement compares it (cart/checkout-statement.ts).
 */
export const exemptionJsonText = (alias: string) =>
  `case when ${alias}.company_id is not null then jsonb_build_object(
    'certificateNumber', ${alias}.certificate_number, 'regions', ${alias}.regions,
    'expiresOn', to_char(${alias}.expires_on, 'YYYY-MM-DD')) end`;

/** `exemptionJsonText` for drizzle's `sql` templates. */
export const exemptionJson = (alias: string) => sql.raw(exemptionJsonText(alias));

/** What the tax of a buyer's order depends on: their company's tax id and exemption. */
export async function taxBuyerOf(db: Queryable, userId: string): Promise<TaxBuyer> {
  const [row] = await rowsOf<{ taxId: string; exemption: ExemptionRow | null }>(
    db,
    sql`select c.tax_id as "taxId", ${exemptionJson('e')} as exemption
      from company_members m join companies c on c.id = m.company_id
        left join tax_exemptions e on e.company_id = c.id
      where m.user_id = ${userId}`,
  );
  if (!row) return { taxId: '', exemption: null };
  const exemption = typeof row.exemption === 'string' ? JSON.parse(row.exemption) : row.exemption;
  return { taxId: row.taxId, exemption };
}
