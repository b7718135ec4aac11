import { z } from 'zod';
import { addressView, structuredAddress } from './addresses.ts';
import { emailField } from './auth.ts';
import { companySummary } from './company-accounts.ts';
import { companyMessages } from './company-messages.ts';
import { moneyField } from './company-money.ts';

export {
  type AdminInvoice,
  type AdminInvoicesQuery,
  adminInvoice,
  adminInvoicesQuery,
  type CompanySummary,
  companiesQuery,
  companySummary,
  INVOICE_STATUSES,
  type InvoicePayment,
  type InvoicePayments,
  type InvoiceStatus,
  invoiceOrderParams,
  invoicePayment,
  invoicePayments,
  type RecordPaymentRequest,
  recordPaymentRequest,
  type Statement,
  type StatementInvoice,
  statement,
  statementInvoice,
  statementQuery,
  TERMS_DAYS,
  type TermsDays,
  type TermsRequest,
  termsRequest,
} from './company-accounts.ts';
export { companyMessages } from './company-messages.ts';
export { hasCents, MAX_COMPANY_MONEY, moneyField } from './company-money.ts';

/**
 * Company accounts (issue 19): a company, its members and their roles, invitations, the book of
 * shipping addresses, spending limits and approvals, and paying on account (net terms:
 * company-accounts.ts). Money is dollars on the wire and cents in the database, as everywhere.
 */

export const COMPANY_ROLES = ['admin', 'buyer', 'approver'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const companyRoleNames: Record<CompanyRole, string> = {
  admin: 'Company admin',
  buyer: 'Buyer',
  approver: 'Approver',
};

/** How long a mailed invitation can be used. */
export const INVITATION_DAYS = 7;
/** How many invitations one company may send in 24 hours (each is a mail from the shop). */
export const INVITATIONS_PER_DAY = 50;
/** Default hold on the stock of an order awaiting approval (the shop sets APPROVAL_HOLD_HOURS). */
export const DEFAULT_APPROVAL_HOLD_HOURS = 72;

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const taxIdField = z.string().trim().max(50, 'Tax or VAT number must be at most 50 characters');
export const companyFields = z.object({
  name: text('Legal name', 2, 200),
  taxId: taxIdField.default(''),
  billingAddress: text('Billing address', 5, 500),
  /** Issue 33: the billing address, structured (checked per country); the text above stays. */
  billingTo: structuredAddress.optional(),
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
  /** Issue 33: null until given (older clients and companies have the text only). */
  billingTo: addressView.nullish(),
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
  /** Issue 33: the address, structured (checked per country), for checkout to ship to. */
  shipTo: structuredAddress.optional(),
});
export type AddressRequest = z.output<typeof addressRequest>;
export const companyAddress = z.object({
  label: z.string(),
  address: z.string(),
  shipTo: addressView.nullish(),
  _id: z.string(),
  createdAt: z.string(),
});
export type CompanyAddress = z.infer<typeof companyAddress>;

/** `POST /company/approvals/{id}/reject`. */
export const rejectRequest = z.object({ reason: text('Reason', 2, 500) });
export type RejectRequest = z.infer<typeof rejectRequest>;

/** Shop admin: `GET /admin/companies/{id}`: the company, its credit, and its members. */
export const companyDetail = companySummary.extend({
  billingAddress: z.string(),
  availableCredit: z.number(),
  memberList: z.array(member),
});
export type CompanyDetail = z.infer<typeof companyDetail>;
