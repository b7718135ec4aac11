import { z } from 'zod';
import { skuField } from './catalog-csv.ts';
import { changeCountsReport } from './csv-import.ts';
import { FIRST_MODEL_YEAR, FITMENT_NOTE_MAX, LAST_MODEL_YEAR, POSITIONS } from './fitment.ts';

/**
 * The fitment CSV (issue 20): `GET /fitment/export` writes these columns in this order and
 * `POST /fitment/import` reads them by name, in any order. A line is an ACES-like application:
 * a part (by SKU) fits the model years `year_from`–`year_to` of a make and model, every engine of
 * them (empty `engine`) or some (its label "1.8L L4", its code "2ZR-FE" or its displacement
 * "1.8L", case-insensitive), at a position, for a submodel ('' = all), with a note.
 */
export const FITMENT_CSV_COLUMNS = [
  'sku',
  'year_from',
  'year_to',
  'make',
  'model',
  'submodel',
  'engine',
  'position',
  'note',
] as const;
export type FitmentCsvColumn = (typeof FITMENT_CSV_COLUMNS)[number];
/** The other columns may be left out of the header: their cells are then empty. */
export const REQUIRED_FITMENT_COLUMNS: FitmentCsvColumn[] = ['sku', 'year_from', 'make', 'model'];
export const SUBMODEL_MAX = 100;

const modelYear = (column: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}$/, `${column}: a model year like 2015`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(FIRST_MODEL_YEAR, `${column}: from ${FIRST_MODEL_YEAR} to ${LAST_MODEL_YEAR}`)
        .max(LAST_MODEL_YEAR, `${column}: from ${FIRST_MODEL_YEAR} to ${LAST_MODEL_YEAR}`),
    );
/** A cell the header may leave out: missing reads as empty. */
const text = (column: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${column}: at most ${max} characters`)
    .optional()
    .transform((value) => value ?? '');
const name = (column: string) =>
  z.string().trim().min(1, `${column}: required`).max(100, `${column}: at most 100 characters`);
const POSITION_NAMES = POSITIONS.filter(Boolean).join(', ');

/** One line of a fitment import, by column name; every message names its column. */
export const fitmentCsvLine = z
  .object({
    sku: skuField,
    year_from: modelYear('year_from'),
    year_to: z
      .string()
      .optional()
      .transform((cell) => (cell?.trim() ? cell : undefined))
      .pipe(modelYear('year_to').optional()),
    make: name('make'),
    model: name('model'),
    submodel: text('submodel', SUBMODEL_MAX),
    engine: text('engine', 100),
    position: text('position', 40)
      .transform((cell) => cell.toLowerCase().replace(/\s+/g, ' '))
      .pipe(
        z.enum(POSITIONS, {
          error: (issue) =>
            `position: "${String(issue.input)}" is not a position (leave it empty, or one of ${POSITION_NAMES})`,
        }),
      ),
    note: text('note', FITMENT_NOTE_MAX),
  })
  .transform((line, context) => {
    const yearTo = line.year_to ?? line.year_from;
    if (line.year_from > yearTo) {
      context.addIssue({
        code: 'custom',
        message: `year_from ${line.year_from} is after year_to ${yearTo}: a reversed range; write the earlier year first`,
      });
      return z.NEVER;
    }
    return {
      sku: line.sku,
      yearFrom: line.year_from,
      yearTo,
      make: line.make,
      model: line.model,
      submodel: line.submodel,
      engine: line.engine,
      position: line.position,
      note: line.note,
    };
  });
export type FitmentCsvLine = z.output<typeof fitmentCsvLine>;

/**
 * Added: lines that added at least one fitment; updated: lines that added none but changed the
 * note of at least one; unchanged: lines whose fitments were all there already.
 */
export const fitmentImportReport = changeCountsReport;
export type FitmentImportReport = z.infer<typeof fitmentImportReport>;
