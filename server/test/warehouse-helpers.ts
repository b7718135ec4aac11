import type { TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';
import { as } from './order-helpers.ts';

/** Issue 36: a warehouse the admin adds (`POST /admin/warehouses`), shipping everywhere; its id. */
export async function addWarehouse(
  app: TestApp,
  admin: TestUser,
  name: string,
  country: string,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/warehouses',
    headers: as(admin),
    payload: { name, publicName: name, country, shipsTo: 'all' },
  });
  if (res.statusCode !== 200) throw new Error(`warehouse ${name}: ${res.body}`);
  return res.json().data.id as number;
}
