import type { CompanyRow } from './row.ts';

/** The company matrix's rows for the companies routes (issue 19). */
export const companiesRows: CompanyRow[] = [];
