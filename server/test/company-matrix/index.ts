import { approvalsRows } from './rows-approvals.ts';
import { companiesRows } from './rows-companies.ts';
import { quotesRows } from './rows-quotes.ts';
import { termsRows } from './rows-terms.ts';

/** Every row of the company authorization matrix. */
export const companyRows = [...companiesRows, ...approvalsRows, ...termsRows, ...quotesRows];
