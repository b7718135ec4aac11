import { z } from 'zod';

/**
 * What every CSV import of the shop shares (the catalog's, issue 16; the fitment's, issue 20):
 * the upload's limits and the refused line's shape.
 */

/** A line longer than this stops the import there (the lines before it stay imported). */
export const MAX_CSV_LINE_BYTES = 64 * 1024;
/** The largest file an import takes: 100,000 lines of a full catalog are ~30 MB. */
export const MAX_CSV_FILE_BYTES = 200 * 1024 * 1024;
/** How many rejected lines a report lists; the count goes on past it. */
export const MAX_REPORTED_REJECTIONS = 1000;

export const importRejection = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRejection = z.infer<typeof importRejection>;

/**
 * The report of an import whose lines each add, change or leave something (the fitment's, a
 * company's part numbers): how many lines did which, and the refused ones.
 */
export const changeCountsReport = z.object({
  /** Lines that added something. */
  added: z.number().int(),
  /** Lines that added nothing but changed something. */
  updated: z.number().int(),
  /** Lines whose data was all there already, as the line says. */
  unchanged: z.number().int(),
  /** How many lines were refused; `rejections` lists the first MAX_REPORTED_REJECTIONS. */
  rejected: z.number().int(),
  rejections: z.array(importRejection),
  /** Why the import stopped before the end of the file (a line it cannot read past); else null. */
  stopped: z.string().nullable(),
});
export type ChangeCountsReport = z.infer<typeof changeCountsReport>;

/** A change-counts report before its first line: nothing counted, nothing refused. */
export const emptyChangeCountsReport = (): ChangeCountsReport => ({
  added: 0,
  updated: 0,
  unchanged: 0,
  rejected: 0,
  rejections: [],
  stopped: null,
});
