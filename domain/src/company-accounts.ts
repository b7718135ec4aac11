import { z } from 'zod';
import { moneyField } from './company-money.ts';
import { paginationQuery } from './envelope.ts';
import { creditNoteRef } from './returns.ts';

/**
 * Paying on account (issue 19): the net terms and credit a shop admin grants a company, its
 * statement of invoices, the payments recorded against them, and the shop admin's lists.
 */

/** Net terms a shop admin may grant: the invoice is due this many days after it is issued. */
export const TERMS_DAYS = [15, 30, 60] as const;
export type TermsDays = (typeof TERMS_DAYS)[number];

/** Shop admin: `PUT /admin/companies/{id}/terms`. */
export const termsRequest = z.object({
  termsDays: z
    .literal(TERMS_DAYS, { error: 'Terms must be 15, 30 or 60 days, or none' })
    .nullable(),
  creditLimit: moneyField('Credit limit'),
});
export type TermsRequest = z.infer<typeof termsRequest>;

/** An invoice as the statement and the shop admin's list show it. */
export const statementInvoice = z.object({
  orderId: z.string(),
  invoiceNumber: z.string(),
  poNumber: z.string().nullable(),
  issuedAt: z.string(),
  dueOn: z.string().nullable(),
  total: z.number(),
  paid: z.number(),
  outstanding: z.number(),
  overdue: z.boolean(),
  settled: z.boolean(),
  /** Issue 37: credit notes of the order's returns (the statement fills them in). */
  creditNotes: z.array(creditNoteRef).optional(),
});
export type StatementInvoice = z.infer<typeof statementInvoice>;

/** `GET /company/statement`: open invoices first by due date, the balance and remaining credit. */
export const statement = z.object({
  companyName: z.string(),
  termsDays: z.number().int().nullable(),
  creditLimit: z.number(),
  balance: z.number(),
  availableCredit: z.number(),
  overdueTotal: z.number(),
  /** The part of the balance held by on-account orders still awaiting approval (no invoice yet). */
  awaitingApproval: z.number(),
  invoices: z.array(statementInvoice),
  nextCursor: z.string().nullable(),
});

export type Statement = z.infer<typeof statement>;
export const statementQuery = paginationQuery;

/** Shop admin: `POST /admin/invoices/{orderId}/payments`. */
export const recordPaymentRequest = z.object({
  amount: moneyField('Amount').refine((value) => value > 0, 'Amount must be more than 0'),
  reference: z.string().trim().max(100, 'Reference must be at most 100 characters').default(''),
});
export type RecordPaymentRequest = z.infer<typeof recordPaymentRequest>;

/** Shop admin's companies list. */
export const companySummary = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string(),
  members: z.number().int(),
  termsDays: z.number().int().nullable(),
  creditLimit: z.number(),
  balance: z.number(),
  overdue: z.number(),
  createdAt: z.string(),
});
export type CompanySummary = z.infer<typeof companySummary>;

export const companiesQuery = paginationQuery;

/** Invoices on account across companies, for shop admins. */
export const INVOICE_STATUSES = ['open', 'overdue', 'settled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const adminInvoicesQuery = paginationQuery.extend({
  status: z
    .enum(INVOICE_STATUSES, { error: 'Status must be open, overdue or settled' })
    .default('open'),
  companyId: z.uuid({ message: 'Unknown company id' }).optional(),
});
export type AdminInvoicesQuery = z.infer<typeof adminInvoicesQuery>;

/** An invoice on account with its company, as the shop admin's lists show it. */
export const adminInvoice = statementInvoice.extend({
  companyId: z.string(),
  companyName: z.string(),
});
export type AdminInvoice = z.infer<typeof adminInvoice>;

export const invoiceOrderParams = z.object({ orderId: z.uuid({ message: 'Unknown order id' }) });

/** A payment a shop admin recorded against an invoice on account. */
export const invoicePayment = z.object({
  _id: z.string(),
  amount: z.number(),
  reference: z.string(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePayment>;

/** `POST|GET /admin/invoices/{orderId}/payments`: the invoice as it stands, and its payments. */
export const invoicePayments = z.object({
  invoice: adminInvoice,
  payments: z.array(invoicePayment),
});
export type InvoicePayments = z.infer<typeof invoicePayments>;
