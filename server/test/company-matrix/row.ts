import type { CompanyCaller, CompanyFixture } from './fixture.ts';

/**
 * One route of the company matrix: `path` is the route as the API docs name it
 * (`/api/v1/company/approvals/{id}/approve`); `params` fills its `{names}` for each caller
 * afresh (a new order, a new invitation), so that what one caller changes never decides the next
 * caller's answer.
 */
export interface CompanyRow {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** Appended to the path as is (`?limit=5`). */
  query?: string;
  params?: (f: CompanyFixture, caller: CompanyCaller) => Promise<Record<string, string>>;
  body?: object | ((f: CompanyFixture, caller: CompanyCaller) => Promise<object>);
  /** A multipart body (a CSV import) instead of JSON. */
  form?: (
    f: CompanyFixture,
    caller: CompanyCaller,
  ) => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  expect: Record<CompanyCaller, number>;
  /** Why these answers, when it is not obvious. */
  why?: string;
}

/** Members of A only, by any role. */
export const membersOfA = {
  visitor: 401,
  adminA: 200,
  buyerA: 200,
  approverA: 200,
  removedA: 404,
  adminB: 404,
  outsider: 404,
  shopAdmin: 404,
} as const;

/**
 * An order's papers (invoice, shipments, packing slips) of buyerA: the buyer, the company's
 * admins and approvers, shop admins.
 */
export const orderPaperReaders = { ...membersOfA, shopAdmin: 200 } as const;
/** The papers of approverA's own order: a buyer does not read a colleague's. */
export const approverOrderPaperReaders = { ...orderPaperReaders, buyerA: 404 } as const;

/** Shop admins only. */
export const shopAdminOnly = {
  visitor: 401,
  adminA: 403,
  buyerA: 403,
  approverA: 403,
  removedA: 403,
  adminB: 403,
  outsider: 403,
  shopAdmin: 200,
} as const;

/** Any member of a company reads their own company (adminB: company B). */
export const anyMember = {
  visitor: 401,
  adminA: 200,
  buyerA: 200,
  approverA: 200,
  removedA: 404,
  adminB: 200,
  outsider: 404,
  shopAdmin: 404,
} as const;
/** A company admin, on their own company. */
export const ownCompanyAdmin = { ...anyMember, buyerA: 403, approverA: 403 } as const;
