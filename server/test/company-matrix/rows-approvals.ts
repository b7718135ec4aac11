import type { CompanyRow } from './row.ts';

/** The company matrix's rows for the approvals routes (issue 19). */
export const approvalsRows: CompanyRow[] = [];
