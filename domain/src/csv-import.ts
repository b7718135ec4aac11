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
