import { eq } from 'drizzle-orm';
import { user } from '../src/db/schema.ts';
import { grantAdmin } from '../src/features/users/users-repository.ts';
import type { TestApp } from './helper.ts';

export interface TestUser {
  email: string;
  name: string;
  password: string;
  /** The session cookie, as a browser would send it. */
  cookie: string;
  /** The session token, as an API client sends it (`Authorization: Bearer …`). */
  token: string;
}

let counter = 0;

/** Signs a new user up through the real identity endpoint and returns their credentials. */
export async function signUp(
  app: TestApp,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> = {},
): Promise<TestUser> {
  counter += 1;
  const typed = overrides.email ?? `buyer${counter}${Date.now()}@example.com`;
  const name = overrides.name ?? `Buyer ${counter}`;
  const password = overrides.password ?? 'secret123';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up/email',
    payload: { name, email: typed, password },
    headers: { 'x-forwarded-for': `10.9.${counter % 250}.${Math.floor(counter / 250)}` },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const email = typed.trim().toLowerCase();
  const cookie = cookieOf(res);
  return { email, name, password, cookie, token: await bearerTokenOf(app, email, password) };
}

/** An API client's bearer token: it signs in for one at `POST /tokens` (decision 004). */
export async function bearerTokenOf(app: TestApp, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/tokens',
    payload: { email, password },
    headers: {
      'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  if (res.statusCode !== 200) throw new Error(`no token: ${res.statusCode} ${res.body}`);
  return String(res.json().data.token);
}

export async function signIn(app: TestApp, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in/email',
    payload: { email, password },
  });
  if (res.statusCode !== 200) return { res, cookie: '', token: '' };
  const cookie = cookieOf(res);
  return { res, cookie, token: await bearerTokenOf(app, email, password) };
}

/** The session cookie a browser would send back. */
export function cookieOf(res: { headers: Record<string, unknown> }) {
  const setCookie = res.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie]).filter(
    (c): c is string => typeof c === 'string',
  );
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

/**
 * A new admin: signs up through the real endpoint, then is granted admin rights the way the
 * Make Admin route and the CLI do. Tests that need an admin use this, not ADMIN_EMAILS.
 */
export async function signUpAdmin(
  app: TestApp,
  overrides: Partial<Pick<TestUser, 'email' | 'name' | 'password'>> = {},
): Promise<TestUser> {
  const admin = await signUp(app, { name: 'Admin', ...overrides });
  const [row] = await app.db.select({ id: user.id }).from(user).where(eq(user.email, admin.email));
  if (!row || (await grantAdmin(app.db, row.id)) !== 1) throw new Error('could not grant admin');
  return admin;
}
