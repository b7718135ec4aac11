import type { CompanyRow } from './row.ts';

/** The company matrix's rows for the terms routes (issue 19). */
export const termsRows: CompanyRow[] = [];
