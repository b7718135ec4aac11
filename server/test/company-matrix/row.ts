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
