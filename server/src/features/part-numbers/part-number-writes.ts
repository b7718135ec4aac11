import { type PartNumberOutcome, partNumberMessages } from '@proper-parts/domain/part-numbers';
import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/queryable.ts';

/** One number to set: `ref` names it in the answer (an item's index, a CSV line). */
export interface WantedNumber {
  ref: number;
  sku: string;
  customerPartNumber: string;
}

/** What became of a wanted number; `id` is the stored row's, null when refused. */
export interface NumberOutcome {
  ref: number;
  status: PartNumberOutcome;
  id: string | null;
  message: string | null;
}

interface Found {
  ref: number;
  productId: string | null;
  ownId: string | null;
  ownNumber: string | null;
  holderId: string | null;
  holderSku: string | null;
}

/**
 * What the batch's lines name, in one statement: the live product of each SKU (whatever its case,
 * decision 031), the company's number for it now, and which product of the company already holds
 * the wanted number (whatever its case).
 */
function lookUp(db: Queryable, companyId: string, wanted: WantedNumber[]) {
  return rowsOf<Found>(
    db,
    sql`select w.ref, p.id as "productId", mine.id as "ownId",
        mine.customer_part_number as "ownNumber", other.product_id as "holderId",
        holder.sku as "holderSku"
      from unnest(${sql.param(wanted.map((w) => w.ref))}::int[],
          ${sql.param(wanted.map((w) => w.sku))}::text[],
          ${sql.param(wanted.map((w) => w.customerPartNumber))}::text[]) as w(ref, sku, number)
      left join products p on lower(p.sku) = lower(w.sku) and p.deleted_at is null
      left join company_part_numbers mine
        on mine.company_id = ${companyId} and mine.product_id = p.id
      left join company_part_numbers other
        on other.company_id = ${companyId}
          and lower(other.customer_part_number) = lower(w.number)
      left join products holder on holder.id = other.product_id`,
  );
}

interface Write {
  ref: number;
  productId: string;
  customerPartNumber: string;
  added: boolean;
}

/** The writes, one statement: a product's number is added, or replaced (case changes too). */
async function write(db: Queryable, companyId: string, writes: Write[]) {
  const rows = await rowsOf<{ id: string; productId: string }>(
    db,
    sql`insert into company_part_numbers (company_id, product_id, customer_part_number)
      select ${companyId}, w.product_id, w.number
      from unnest(${sql.param(writes.map((w) => w.productId))}::uuid[],
        ${sql.param(writes.map((w) => w.customerPartNumber))}::text[]) as w(product_id, number)
      on conflict (company_id, product_id) do update
        set customer_part_number = excluded.customer_part_number, updated_at = now()
      returning id, product_id as "productId"`,
  );
  return new Map(rows.map((row) => [row.productId, row.id]));
}

/**
 * Sets a company's numbers for a batch of products (`PUT /company/part-numbers`, each batch of the
 * CSV import): two statements, look up and write. A line is refused, naming its field, when its
 * SKU names no live product, its number is the company's number for another product (whatever
 * its case), or an earlier line of the batch named the same product or number. If the write fails
 * (a product deleted, a number taken meanwhile), each line is written alone, so that only the
 * lines that cannot be saved are refused.
 */
export async function setPartNumbers(
  db: Queryable,
  companyId: string,
  wanted: WantedNumber[],
  /** How a message names an earlier line: "line 12", "item 3". */
  nameOf: (ref: number) => string = (ref) => `line ${ref}`,
): Promise<NumberOutcome[]> {
  if (wanted.length === 0) return [];
  const found = new Map((await lookUp(db, companyId, wanted)).map((row) => [row.ref, row]));
  const outcomes = new Map<number, NumberOutcome>();
  const refuse = (ref: number, message: string) =>
    outcomes.set(ref, { ref, status: 'rejected', id: null, message });
  const productAt = new Map<string, number>();
  const numberAt = new Map<string, number>();
  const writes: Write[] = [];
  for (const item of wanted) {
    const hit = found.get(item.ref);
    const { ref, sku, customerPartNumber: number } = item;
    if (!hit?.productId) {
      refuse(ref, partNumberMessages.skuUnknown(sku));
      continue;
    }
    const firstProduct = productAt.get(hit.productId);
    const firstNumber = numberAt.get(number.toLowerCase());
    if (firstProduct !== undefined)
      refuse(ref, partNumberMessages.productTwice(sku, nameOf(firstProduct)));
    else if (firstNumber !== undefined)
      refuse(ref, partNumberMessages.numberTwice(number, nameOf(firstNumber)));
    else if (hit.holderId && hit.holderId !== hit.productId)
      refuse(ref, partNumberMessages.numberTaken(number, hit.holderSku ?? ''));
    if (outcomes.has(ref)) continue;
    // Only a line that stands claims its product and number against the lines after it.
    productAt.set(hit.productId, ref);
    numberAt.set(number.toLowerCase(), ref);
    if (hit.ownNumber === number) {
      outcomes.set(ref, { ref, status: 'unchanged', id: hit.ownId, message: null });
      continue;
    }
    writes.push({
      ref,
      productId: hit.productId,
      customerPartNumber: number,
      added: hit.ownId === null,
    });
  }
  const written = await writeSafely(db, companyId, writes);
  for (const one of writes) {
    const id = written.get(one.ref);
    if (id)
      outcomes.set(one.ref, {
        ref: one.ref,
        status: one.added ? 'added' : 'updated',
        id,
        message: null,
      });
    else refuse(one.ref, partNumberMessages.notSaved);
  }
  return wanted.map((item) => outcomes.get(item.ref) as NumberOutcome);
}

/** The stored id of each write that was saved, by its ref. */
async function writeSafely(db: Queryable, companyId: string, writes: Write[]) {
  const saved = new Map<number, string>();
  if (writes.length === 0) return saved;
  const keep = (ids: Map<string, string>, group: Write[]) => {
    for (const one of group) {
      const id = ids.get(one.productId);
      if (id) saved.set(one.ref, id);
    }
  };
  try {
    keep(await write(db, companyId, writes), writes);
  } catch {
    for (const one of writes) {
      try {
        keep(await write(db, companyId, [one]), [one]);
      } catch {
        // Refused by the caller as not saved.
      }
    }
  }
  return saved;
}
