import { sql } from 'drizzle-orm';
import { signUp, signUpAdmin, type TestUser } from '../auth-helper.ts';
import type { TestApp } from '../helper.ts';

/**
 * The callers of the company authorization matrix (issue 19): three members of company A with
 * different roles, a member removed from A, the admin of company B (a member of another company,
 * and a company admin acting on another company), a customer in no company, a shop admin and a
 * visitor.
 */
export const COMPANY_CALLERS = [
  'visitor',
  'adminA',
  'buyerA',
  'approverA',
  'removedA',
  'adminB',
  'outsider',
  'shopAdmin',
] as const;
export type CompanyCaller = (typeof COMPANY_CALLERS)[number];
export type SignedInCaller = Exclude<CompanyCaller, 'visitor'>;

export interface CompanyFixture {
  app: TestApp;
  users: Record<SignedInCaller, TestUser>;
  /** The user ids, as the members tables name them. */
  ids: Record<SignedInCaller, string>;
  companyA: string;
  companyB: string;
  /** The cookie header of a caller; none for the visitor. */
  headersOf(caller: CompanyCaller): Record<string, string>;
}

/** buyerA's limit per order, in dollars: an order above it waits for an approver. */
export const BUYER_A_LIMIT = 100;
/** Company A pays on account at net 30 with this credit, in dollars. */
export const COMPANY_A_CREDIT = 10_000;

async function userIdOf(app: TestApp, email: string): Promise<string> {
  const result = await app.db.execute(sql`select id from "user" where email = ${email}`);
  const [row] = result.rows as { id: string }[];
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * A company made `ageSeconds` ago: the shop admin's list is newest first, and two made one after
 * the other can share a timestamp (PGlite's clock reads whole milliseconds), when their random ids
 * would order them.
 */
async function insertCompany(
  app: TestApp,
  name: string,
  terms: boolean,
  ageSeconds: number,
): Promise<string> {
  const result = await app.db.execute(
    sql`insert into companies (name, tax_id, billing_address, terms_days, credit_limit_cents,
        created_at)
      values (${name}, 'VAT-1', '1 Mill Road, Springfield', ${terms ? 30 : null},
        ${terms ? COMPANY_A_CREDIT * 100 : 0}, now() - make_interval(secs => ${ageSeconds}))
      returning id`,
  );
  return (result.rows as { id: string }[])[0]?.id as string;
}

async function addMember(
  app: TestApp,
  companyId: string,
  userId: string,
  role: 'admin' | 'buyer' | 'approver',
  limitCents: number | null = null,
) {
  await app.db.execute(
    sql`insert into company_members (user_id, company_id, role, order_limit_cents)
      values (${userId}, ${companyId}, ${role}, ${limitCents})`,
  );
}

/**
 * Signs the callers up through the real identity endpoints and writes the companies and their
 * members straight into the database (the matrix tests who may call a route, not how a company
 * is made: companies.test.ts does that through the API).
 */
export async function buildCompanyFixture(app: TestApp): Promise<CompanyFixture> {
  const stamp = Date.now();
  const user = (name: string) => signUp(app, { email: `cm-${name}-${stamp}@example.com` });
  const users = {
    adminA: await user('admina'),
    buyerA: await user('buyera'),
    approverA: await user('approvera'),
    removedA: await user('removeda'),
    adminB: await user('adminb'),
    outsider: await user('outsider'),
    shopAdmin: await signUpAdmin(app, { email: `cm-shopadmin-${stamp}@example.com` }),
  };
  const ids = Object.fromEntries(
    await Promise.all(
      Object.entries(users).map(async ([caller, u]) => [caller, await userIdOf(app, u.email)]),
    ),
  ) as Record<SignedInCaller, string>;
  const companyA = await insertCompany(app, 'Company A Ltd', true, 1);
  const companyB = await insertCompany(app, 'Company B GmbH', false, 0);
  await addMember(app, companyA, ids.adminA, 'admin');
  await addMember(app, companyA, ids.buyerA, 'buyer', BUYER_A_LIMIT * 100);
  await addMember(app, companyA, ids.approverA, 'approver');
  await addMember(app, companyA, ids.removedA, 'buyer');
  await app.db.execute(sql`delete from company_members where user_id = ${ids.removedA}`);
  await addMember(app, companyB, ids.adminB, 'admin');
  return {
    app,
    users,
    ids,
    companyA,
    companyB,
    headersOf: (caller): Record<string, string> =>
      caller === 'visitor' ? {} : { cookie: users[caller].cookie },
  };
}
