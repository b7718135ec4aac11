import { type TaxRateEntry, taxMessages, taxRateEntry } from '@proper-parts/domain/tax';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../errors.ts';
import { csvCellRead } from '../../http/csv-download.ts';

const COLUMNS = ['country', 'region', 'name', 'rate', 'freightTaxable'] as const;
const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0', '']);

/**
 * A sales-tax CSV (`country,region,name,rate,freightTaxable`, rate in percent) as rows, every row
 * checked: one bad row and none is taken, with each problem named by its line.
 */
export function parseTaxRatesCsv(text: string): TaxRateEntry[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    throw new AppError('INVALID', `The CSV cannot be read: ${(error as Error).message}`);
  }
  const first = records[0];
  if (first && !COLUMNS.every((c) => c in first))
    throw new AppError('INVALID', taxMessages.csvHeader);
  const problems: string[] = [];
  const rates: TaxRateEntry[] = [];
  records.forEach((record, i) => {
    const line = i + 2;
    const cell = (name: (typeof COLUMNS)[number]) => csvCellRead(record[name] ?? '');
    const flag = cell('freightTaxable').toLowerCase();
    if (!YES.has(flag) && !NO.has(flag)) {
      problems.push(`line ${line}: freightTaxable: must be true or false`);
      return;
    }
    const parsed = taxRateEntry.safeParse({
      country: cell('country') || 'US',
      region: cell('region'),
      name: cell('name'),
      rate: cell('rate') === '' ? Number.NaN : Number(cell('rate').replace(/%$/, '')),
      freightTaxable: YES.has(flag),
    });
    if (parsed.success) rates.push(parsed.data);
    else
      problems.push(
        `line ${line}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
      );
  });
  const seen = new Set<string>();
  rates.forEach((rate) => {
    const key = `${rate.country}-${rate.region}`;
    if (seen.has(key)) problems.push(taxMessages.duplicate(rate.country, rate.region));
    seen.add(key);
  });
  if (problems.length)
    throw new AppError(
      'INVALID',
      `Nothing imported: ${problems.slice(0, 10).join(' | ')}${problems.length > 10 ? ` (and ${problems.length - 10} more)` : ''}`,
    );
  if (!rates.length) throw new AppError('INVALID', 'The CSV holds no rates');
  return rates;
}
