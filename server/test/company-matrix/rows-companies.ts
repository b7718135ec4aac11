import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { signUp } from '../auth-helper.ts';
import type { CompanyCaller, CompanyFixture } from './fixture.ts';
import { anyMember, type CompanyRow, ownCompanyAdmin } from './row.ts';

/**
 * The company matrix's rows for the companies routes (issue 19): the company, its members,
 * invitations and addresses.
 */

const rowsOf = async <T>(f: CompanyFixture, query: ReturnType<typeof sql>) =>
  (await f.app.db.execute(query)).rows as T[];

/**
 * removedA and the outsider may create or join a company (that is their 200): what they made is
 * undone before the next caller, so every later row still finds them in no company.
 */
async function undoJoins(f: CompanyFixture) {
  const free = [f.ids.removedA, f.ids.outsider];
  await f.app.db.execute(
    sql`delete from companies where id in (select company_id from company_members
      where user_id in (${free[0]}, ${free[1]}) and company_id not in (${f.companyA}, ${f.companyB}))`,
  );
  await f.app.db.execute(
    sql`delete from company_members where user_id in (${free[0]}, ${free[1]})`,
  );
}

/** A fresh buyer of company A, for a caller to change or remove. */
async function freshBuyerOfA(f: CompanyFixture, caller: CompanyCaller) {
  await undoJoins(f);
  const colleague = await signUp(f.app, {
    email: `cm-colleague-${caller}-${randomBytes(4).toString('hex')}@example.com`,
  });
  const [row] = await rowsOf<{ id: string }>(
    f,
    sql`select id from "user" where email = ${colleague.email}`,
  );
  await f.app.db.execute(
    sql`insert into company_members (user_id, company_id, role, order_limit_cents)
      values (${row?.id}, ${f.companyA}, 'buyer', 10000)`,
  );
  return { userId: row?.id as string };
}

/** An open invitation to `email` in `companyId`; returns its id and token. */
async function openInvitation(f: CompanyFixture, companyId: string, email: string) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await rowsOf<{ id: string }>(
    f,
    sql`insert into company_invitations (company_id, email, role, token_hash, expires_at)
      values (${companyId}, ${email}, 'buyer', ${createHash('sha256').update(token).digest('hex')},
        now() + interval '7 days')
      returning id`,
  );
  return { id: row?.id as string, token };
}

/** The preview row's token (the query string of a row is fixed). */
const PREVIEW_TOKEN = 'matrix-preview-token-0123456789abcdefghijklmno';

/** A company admin of A, on something of A's named by id: adminB acts on another company. */
const adminOfA = { ...ownCompanyAdmin, adminB: 404 } as const;

const undo = async (f: CompanyFixture) => {
  await undoJoins(f);
  return {};
};

export const companiesRows: CompanyRow[] = [
  {
    method: 'POST',
    path: '/api/v1/company',
    params: undo,
    body: { name: 'Matrix Co', taxId: 'VAT-9', billingAddress: '9 Matrix Way, Springfield' },
    expect: {
      visitor: 401,
      adminA: 409,
      buyerA: 409,
      approverA: 409,
      removedA: 200,
      adminB: 409,
      outsider: 200,
      shopAdmin: 403,
    },
    why: 'a user is in at most one company; shop admins belong to none',
  },
  {
    method: 'GET',
    path: '/api/v1/company',
    params: undo,
    expect: { ...anyMember, removedA: 200, outsider: 200, shopAdmin: 200 },
    why: 'anyone signed in reads their company: null when they belong to none (issue 31)',
  },
  {
    method: 'PATCH',
    path: '/api/v1/company',
    params: undo,
    body: { billingAddress: '1 Mill Road, Springfield' },
    expect: ownCompanyAdmin,
  },
  {
    method: 'GET',
    path: '/api/v1/company/members',
    query: '?limit=5',
    params: undo,
    expect: anyMember,
  },
  {
    method: 'PATCH',
    path: '/api/v1/company/members/{userId}',
    params: freshBuyerOfA,
    body: { orderLimit: 50 },
    expect: adminOfA,
    why: 'adminB is a company admin acting on a member of another company: not found',
  },
  {
    method: 'DELETE',
    path: '/api/v1/company/members/{userId}',
    params: freshBuyerOfA,
    expect: adminOfA,
  },
  {
    method: 'POST',
    path: '/api/v1/company/invitations',
    params: undo,
    body: async (_f, caller) => ({
      email: `cm-invitee-${caller}-${randomBytes(4).toString('hex')}@example.com`,
      role: 'buyer',
      orderLimit: 75,
    }),
    expect: ownCompanyAdmin,
  },
  { method: 'GET', path: '/api/v1/company/invitations', params: undo, expect: ownCompanyAdmin },
  {
    method: 'DELETE',
    path: '/api/v1/company/invitations/{id}',
    params: async (f, caller) => {
      await undoJoins(f);
      const { id } = await openInvitation(f, f.companyA, `cm-withdrawn-${caller}@example.com`);
      return { id };
    },
    expect: adminOfA,
  },
  {
    method: 'GET',
    path: '/api/v1/company/invitations/preview',
    query: `?token=${PREVIEW_TOKEN}`,
    params: async (f) => {
      await undoJoins(f);
      const hash = createHash('sha256').update(PREVIEW_TOKEN).digest('hex');
      await f.app.db.execute(
        sql`insert into company_invitations (company_id, email, role, token_hash, expires_at)
          values (${f.companyA}, 'cm-preview@example.com', 'buyer', ${hash},
            now() + interval '7 days')
          on conflict (token_hash) do nothing`,
      );
      return {};
    },
    expect: {
      visitor: 401,
      adminA: 200,
      buyerA: 200,
      approverA: 200,
      removedA: 200,
      adminB: 200,
      outsider: 200,
      shopAdmin: 200,
    },
    why: 'whoever holds the link (signed in) may see what it invites to; accepting is checked',
  },
  {
    method: 'POST',
    path: '/api/v1/company/invitations/accept',
    params: undo,
    // Each caller is invited to company B by their own address.
    body: async (f, caller) => {
      const email = caller === 'visitor' ? 'cm-visitor@example.com' : f.users[caller].email;
      return { token: (await openInvitation(f, f.companyB, email)).token };
    },
    expect: {
      visitor: 401,
      adminA: 409,
      buyerA: 409,
      approverA: 409,
      removedA: 200,
      adminB: 409,
      outsider: 200,
      shopAdmin: 403,
    },
    why: 'members of a company are already in one (409); shop admins cannot join (403)',
  },
  {
    method: 'GET',
    path: '/api/v1/company/addresses',
    params: undo,
    expect: anyMember,
  },
  {
    method: 'POST',
    path: '/api/v1/company/addresses',
    params: undo,
    body: { label: 'Dock', address: '5 Dock Street, Springfield' },
    expect: ownCompanyAdmin,
  },
  {
    method: 'DELETE',
    path: '/api/v1/company/addresses/{id}',
    params: async (f) => {
      await undoJoins(f);
      const [row] = await rowsOf<{ id: string }>(
        f,
        sql`insert into company_addresses (company_id, label, address)
          values (${f.companyA}, 'Old dock', '7 Dock Street, Springfield') returning id`,
      );
      return { id: row?.id as string };
    },
    expect: adminOfA,
  },
];
