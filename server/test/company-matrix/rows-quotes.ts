import type { CompanyRow } from './row.ts';

/** The company matrix's rows for the quotes routes (issue 19). */
export const quotesRows: CompanyRow[] = [];
