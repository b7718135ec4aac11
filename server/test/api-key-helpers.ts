import type { ApiScope } from '@proper-parts/domain/api-keys';
import type { TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';

/** An API key made by `admin` through the admin route; answers its id and the key. */
export async function createApiKey(
  app: TestApp,
  admin: Pick<TestUser, 'cookie'>,
  scopes: readonly ApiScope[],
  name = `Key ${scopes.join(' ')}`.slice(0, 80),
): Promise<{ id: string; key: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/api-keys',
    headers: { cookie: admin.cookie },
    payload: { name, scopes },
  });
  if (res.statusCode !== 200) throw new Error(`no key: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
