import { sql } from 'drizzle-orm';
import { signUp, type TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';

/**
 * Issue 35's callers: company A (its admin and a buyer), company B (its admin and a buyer), and a
 * customer in no company. Companies and members are written straight into the database; the
 * people sign up through the real identity endpoint.
 */
export interface TwoCompanies {
  adminA: TestUser;
  buyerA: TestUser;
  adminB: TestUser;
  buyerB: TestUser;
  outsider: TestUser;
  companyA: string;
  companyB: string;
}

export async function twoCompanies(app: TestApp): Promise<TwoCompanies> {
  const stamp = Date.now();
  const person = (name: string) => signUp(app, { email: `pn-${name}-${stamp}@example.com` });
  const [adminA, buyerA, adminB, buyerB, outsider] = await Promise.all(
    ['admina', 'buyera', 'adminb', 'buyerb', 'outsider'].map(person),
  );
  const company = async (name: string) => {
    const { rows } = await app.db.execute<{ id: string }>(
      sql`insert into companies (name) values (${name}) returning id`,
    );
    return rows[0]?.id as string;
  };
  const companyA = await company('Part Numbers A Ltd');
  const companyB = await company('Part Numbers B GmbH');
  const join = (who: TestUser | undefined, companyId: string, role: 'admin' | 'buyer') =>
    app.db.execute(sql`insert into company_members (user_id, company_id, role)
      select id, ${companyId}, ${role} from "user" where email = ${who?.email}`);
  await join(adminA, companyA, 'admin');
  await join(buyerA, companyA, 'buyer');
  await join(adminB, companyB, 'admin');
  await join(buyerB, companyB, 'buyer');
  return {
    adminA: adminA as TestUser,
    buyerA: buyerA as TestUser,
    adminB: adminB as TestUser,
    buyerB: buyerB as TestUser,
    outsider: outsider as TestUser,
    companyA,
    companyB,
  };
}
