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
  const email = overrides.email ?? `buyer${counter}${Date.now()}@example.com`;
  const name = overrides.name ?? `Buyer ${counter}`;
  const password = overrides.password ?? 'secret123';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up/email',
    payload: { name, email, password },
    headers: { 'x-forwarded-for': `10.9.${counter % 250}.${Math.floor(counter / 250)}` },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { email, name, password, ...credentialsOf(res) };
}

export async function signIn(app: TestApp, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in/email',
    payload: { email, password },
  });
  return { res, ...(res.statusCode === 200 ? credentialsOf(res) : { cookie: '', token: '' }) };
}

function credentialsOf(res: { headers: Record<string, unknown> }) {
  const setCookie = res.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie]).filter(
    (c): c is string => typeof c === 'string',
  );
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  const token = String(res.headers['set-auth-token'] ?? '');
  return { cookie, token };
}
