import { describe, expect, it } from 'vitest';
import { signUp, type TestUser } from './auth-helper.ts';
import { buildTestApp } from './helper.ts';

/**
 * Every /api/v1 route × every kind of caller → the status the server must answer.
 * Paths name customer A's email where a route is about one user. A new route fails
 * the "covers every route" test until it gets its row here.
 */
type Caller = 'visitor' | 'customerA' | 'customerB' | 'admin';
type Row = {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: object;
  expect: Record<Caller, number>;
};

const A = 'matrixa@example.com';
const B = 'matrixb@example.com';
const publicRoute = { visitor: 200, customerA: 200, customerB: 200, admin: 200 };
const ownOrAdmin = { visitor: 401, customerA: 200, customerB: 403, admin: 200 };
const ownOnly = { visitor: 401, customerA: 200, customerB: 403, admin: 403 };
const adminOnly = { visitor: 401, customerA: 403, customerB: 403, admin: 200 };

const rows: Row[] = [
  { method: 'GET', path: '/api/v1/health', expect: publicRoute },
  { method: 'GET', path: '/api/v1/tools', expect: publicRoute },
  { method: 'GET', path: '/api/v1/auth-options', expect: publicRoute },
  {
    method: 'GET',
    path: '/api/v1/tools/{id}',
    expect: { visitor: 404, customerA: 404, customerB: 404, admin: 404 },
  },
  { method: 'PUT', path: `/api/v1/user/${A}`, body: { email: A }, expect: ownOnly },
  { method: 'GET', path: `/api/v1/admin/${A}`, expect: ownOrAdmin },
  { method: 'GET', path: '/api/v1/user', expect: adminOnly },
  { method: 'GET', path: `/api/v1/profile/${A}`, expect: ownOrAdmin },
  { method: 'PUT', path: `/api/v1/profile/${A}`, body: { city: 'Peru' }, expect: ownOrAdmin },
  // Last: it changes B's role, which no other row depends on.
  { method: 'PUT', path: `/api/v1/user/admin/${B}`, expect: adminOnly },
];

describe('authorization matrix', async () => {
  const app = await buildTestApp({ ADMIN_EMAILS: 'matrixadmin@example.com' });
  const users: Record<Exclude<Caller, 'visitor'>, TestUser> = {
    customerA: await signUp(app, { email: A }),
    customerB: await signUp(app, { email: B }),
    admin: await signUp(app, { email: 'matrixadmin@example.com' }),
  };

  it('covers every /api/v1 route the app serves', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const covered = rows.map(
      (r) => `${r.method} ${r.path.replace(A, '{email}').replace(B, '{email}')}`,
    );
    for (const route of served.filter((r) => r.includes('/api/v1/')))
      expect(covered).toContain(route);
  });

  for (const row of rows) {
    for (const caller of ['visitor', 'customerA', 'customerB', 'admin'] as const) {
      it(`${row.method} ${row.path} as ${caller} → ${row.expect[caller]}`, async () => {
        const id = '00000000-0000-4000-8000-000000000000';
        const res = await app.inject({
          method: row.method,
          url: row.path.replace('{id}', id),
          headers: caller === 'visitor' ? {} : { cookie: users[caller].cookie },
          ...(row.body ? { payload: row.body } : {}),
        });
        expect(res.statusCode).toBe(row.expect[caller]);
        expect(res.json().success).toBe(res.statusCode < 400);
      });
    }
  }
});
