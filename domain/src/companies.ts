import { z } from 'zod';
import { emailField } from './auth.ts';
import { paginationQuery } from './envelope.ts';

/**
 * Company accounts (issue 19): a company, its members and their roles, invitations, the book of
 * shipping addresses, spending limits and approvals, and paying on account (net terms). Money is
 * dollars on the wire and cents in the database, as everywhere.
 */

export const COMPANY_ROLES = ['admin', 'buyer', 'approver'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const companyRoleNames: Record<CompanyRole, string> = {
  admin: 'Company admin',
  buyer: 'Buyer',
  approver: 'Approver',
};

/** Net terms a shop admin may grant: the invoice is due this many days after it is issued. */
export const TERMS_DAYS = [15, 30, 60] as const;
export type TermsDays = (typeof TERMS_DAYS)[number];

/** How long a mailed invitation can be used. */
export const INVITATION_DAYS = 7;
/** How many invitations one company may send in 24 hours (each is a mail from the shop). */
export const INVITATIONS_PER_DAY = 50;
/** Default hold on the stock of an order awaiting approval (the shop sets APPROVAL_HOLD_HOURS). */
export const DEFAULT_APPROVAL_HOLD_HOURS = 72;
/** The largest credit limit or order limit, in dollars: far below 2^53 cents. */
export const MAX_COMPANY_MONEY = 100_000_000;

export const companyMessages = {
  notInCompany: 'You are not a member of a company',
  alreadyInCompany: 'You already belong to a company; leave it first',
  companyNotFound: 'Company not found',
  onlyCompanyAdmin: 'Only a company admin can do this',
  onlyApprover: 'Only an approver or a company admin can approve orders',
  memberNotFound: 'Member not found',
  lastAdmin: 'A company needs at least one company admin',
  lastAdminLeaving:
    'You are its only company admin: make another member a company admin before you leave',
  invitationInvalid: 'This invitation link is not valid',
  invitationUsed: 'This invitation has already been used',
  invitationExpired: 'This invitation has expired; ask your company admin for a new one',
  invitationRevoked: 'This invitation was withdrawn',
  invitationOtherEmail: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  invitationAlreadyMember: 'That person already belongs to a company',
  addressNotFound: 'Address not found',
  orderNotAwaiting: 'This order is not awaiting approval',
  approvalExpired: 'The approval time of this order has run out; its stock is being released',
  rejected: 'Order rejected: its stock was released and the buyer told',
  approvalTimedOut: 'Not approved in time: the reserved stock was released',
  awaitsApproval: 'This order awaits approval: it can be paid once it is approved',
  paidOnAccount: 'This order is paid on account: its invoice is paid by transfer by its due date',
  invoicedOnAccount:
    'This order is invoiced on account: it cannot be cancelled or deleted; its invoice is owed by its due date',
  ownOrder: 'You cannot approve or reject your own order',
  noTerms: 'Your company cannot pay on account; a shop admin grants terms',
  poRequired: 'A PO number is required to pay on account',
  overCredit: (remaining: string) =>
    `This order is above your company's remaining credit (${remaining}); pay by card or ask accounts payable to settle open invoices`,
  invoiceNotFound: 'Invoice not found',
  notOnAccount: 'This invoice was paid by card; there is nothing to record',
  overpaid: (outstanding: string) => `The amount is more than what is still owed (${outstanding})`,
  alreadySettled: 'This invoice is already paid in full',
  limitOnlyForBuyers: 'Only buyers have an order limit',
  shopAdminCannotJoin: 'Shop admins run the shop and cannot join a company',
  tooManyInvitations: 'Too many invitations in the last day; try again tomorrow',
  invoiceCancelled: 'This order was cancelled; there is nothing to collect',
  creditBelowBalance: (balance: string) =>
    `The credit limit cannot be below what the company owes now (${balance}); record its payments first`,
  noStatementAccess: 'Only a company admin or an approver can read the statement',
} as const;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Dollars with at most two decimals, from 0 to MAX_COMPANY_MONEY. */
export const moneyField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_COMPANY_MONEY, `${label} must be at most ${MAX_COMPANY_MONEY.toLocaleString('en-US')}`)
    .refine(hasCents, `${label} may have at most two decimals`);

/** 12.34 yes, 12.345 no (floating point: 0.1 × 100 is 10.000000000000002). */
export const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const taxIdField = z.string().trim().max(50, 'Tax or VAT number must be at most 50 characters');
export const companyFields = z.object({
  name: text('Legal name', 2, 200),
  taxId: taxIdField.default(''),
  billingAddress: text('Billing address', 5, 500),
});
/** `POST /company`: the signed-in customer creates a company and becomes its admin. */
export const createCompanyRequest = companyFields;
export type CreateCompanyRequest = z.infer<typeof createCompanyRequest>;
/** `PATCH /company` (company admin): the fields sent change (no default blanks the tax number). */
export const updateCompanyRequest = companyFields.extend({ taxId: taxIdField }).partial();
export type UpdateCompanyRequest = z.infer<typeof updateCompanyRequest>;

/** The company as its members see it, with the caller's own membership. */
export const company = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string(),
  billingAddress: z.string(),
  /** Net terms in days, or null: no paying on account. */
  termsDays: z.number().int().nullable(),
  creditLimit: z.number(),
  /** What its open invoices on account (and on-account orders awaiting approval) still owe. */
  balance: z.number(),
  availableCredit: z.number(),
  createdAt: z.string(),
  me: z.object({
    role: z.enum(COMPANY_ROLES),
    orderLimit: z.number().nullable(),
    /** False for the only company admin: a company is never left without one. */
    canLeave: z.boolean(),
  }),
});
export type Company = z.infer<typeof company>;
/** `GET /company`: my company, or null when I belong to none (a state, not an error). */
export const myCompanyResponse = company.nullable();

export const member = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  /** Dollars per order, or null: no limit (approvers and admins have none). */
  orderLimit: z.number().nullable(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof member>;

export const memberParams = z.object({ userId: z.string().min(1).max(100) });
/** `PATCH /company/members/{userId}` (company admin). */
export const updateMemberRequest = z
  .object({
    role: z.enum(COMPANY_ROLES, { error: 'Role must be admin, buyer or approver' }).optional(),
    orderLimit: moneyField('Order limit').nullable().optional(),
  })
  .refine((body) => body.role !== undefined || body.orderLimit !== undefined, {
    message: 'Nothing to change: send role or orderLimit',
  });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequest>;

/** `POST /company/invitations` (company admin): mails a single-use link. */
export const inviteRequest = z
  .object({
    email: emailField,
    role: z.enum(COMPANY_ROLES, { error: 'Role must be admin, buyer or approver' }),
    orderLimit: moneyField('Order limit').nullable().optional(),
  })
  .refine((body) => body.role === 'buyer' || body.orderLimit == null, {
    message: companyMessages.limitOnlyForBuyers,
    path: ['orderLimit'],
  });
export type InviteRequest = z.infer<typeof inviteRequest>;

export const invitation = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  orderLimit: z.number().nullable(),
  status: z.enum(['open', 'accepted', 'expired', 'revoked']),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** `POST /company/invitations/accept`: the token from the mailed link. */
export const acceptInvitationRequest = z.object({
  token: z
    .string()
    .trim()
    .min(1, companyMessages.invitationInvalid)
    .max(200, companyMessages.invitationInvalid),
});
/** `GET /company/invitations/preview?token=`: what the link invites to, before accepting. */
export const invitationPreview = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  status: z.enum(['open', 'accepted', 'expired', 'revoked']),
});

export const idParams = z.object({ id: z.uuid({ message: 'Unknown id' }) });

export const addressRequest = z.object({
  label: text('Label', 1, 80),
  address: text('Address', 5, 300),
});
export type AddressRequest = z.infer<typeof addressRequest>;
export const companyAddress = addressRequest.extend({ _id: z.string(), createdAt: z.string() });
export type CompanyAddress = z.infer<typeof companyAddress>;

/** `POST /company/approvals/{id}/reject`. */
export const rejectRequest = z.object({ reason: text('Reason', 2, 500) });
export type RejectRequest = z.infer<typeof rejectRequest>;

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

/** Shop admin: `GET /admin/companies/{id}`: the company, its credit, and its members. */
export const companyDetail = companySummary.extend({
  billingAddress: z.string(),
  availableCredit: z.number(),
  memberList: z.array(member),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

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
