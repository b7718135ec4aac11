import { approvalsRows } from './rows-approvals.ts';
import { backorderRows } from './rows-backorders.ts';
import { companiesRows } from './rows-companies.ts';
import { partNumbersRows } from './rows-part-numbers.ts';
import { priceListRows } from './rows-price-lists.ts';
import { quotesRows } from './rows-quotes.ts';
import { returnsRows } from './rows-returns.ts';
import { shipmentsRows } from './rows-shipments.ts';
import { termsRows } from './rows-terms.ts';

/** Every row of the company authorization matrix. */
export const companyRows = [
  ...companiesRows,
  ...approvalsRows,
  ...termsRows,
  ...quotesRows,
  ...shipmentsRows,
  ...returnsRows,
  ...partNumbersRows,
  ...priceListRows,
  ...backorderRows,
];
