/**
 * How far the demo catalog has loaded on a new shop's first start, which serves while its parts
 * fill in (`GET /catalog/demo-progress`; `null` once all are in). Without zod: the catalog page's
 * JavaScript budget has no room for it (the schema is in demo-catalog.ts).
 */
export interface DemoCatalogProgress {
  /** Parts written so far. */
  loaded: number;
  /** Parts the demo catalog has in all. */
  total: number;
}

/** The catalog page's notice while the demo catalog loads, and the server's log line. */
export const demoCatalogLoadingText = ({ loaded, total }: DemoCatalogProgress) =>
  `The demo catalog is still loading: ${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} parts so far.`;
