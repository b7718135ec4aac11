import { API_SCOPES } from '@proper-parts/domain/api-keys';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createApiKey } from '../../../test/api-key-helpers.ts';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';
import { testPasswordHashing } from '../../../test/test-passwords.ts';
import { buildApp } from '../../app.ts';

const stockCall = (key: string, sku: string, quantity = 5) => ({
  method: 'PUT' as const,
  url: '/api/v1/integration/stock',
  headers: bearer(key),
  payload: { items: [{ sku, quantity }] },
});

describe('API keys (issue 34)', async () => {
  const app = await buildTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '5' });
  const admin = await signUpAdmin(app, { email: 'keys-admin@example.com' });
  const otherAdmin = await signUpAdmin(app, { email: 'keys-admin2@example.com' });
  const customer = await signUp(app, { email: 'keys-customer@example.com' });
  const product = await createProduct(app, { sku: 'KEY-PART-1' });

  it('is shown once, kept only as a hash, and listed with its prefix and last use', async () => {
    const { id, key } = await createApiKey(app, admin, ['stock:write'], 'ERP stock');
    expect(key).toMatch(/^ppk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const stored = await app.db.execute(sql`select * from api_keys where id = ${id}`);
    expect(JSON.stringify(stored.rows)).not.toContain(key.slice(21));
    const before = (
      await app.inject({ url: '/api/v1/admin/api-keys', headers: { cookie: admin.cookie } })
    ).json();
    expect(before.data[0]).toMatchObject({
      id,
      name: 'ERP stock',
      prefix: key.slice(0, 20),
      scopes: ['stock:write'],
      createdBy: admin.email,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(before)).not.toContain(key.slice(21));
    expect((await app.inject(stockCall(key, 'KEY-PART-1'))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = (
      await app.inject({ url: '/api/v1/admin/api-keys', headers: { cookie: admin.cookie } })
    ).json();
    expect(after.data[0].lastUsedAt).not.toBeNull();
  });

  it('answers a retried creation (Idempotency-Key) with the same key, which no table holds readable', async () => {
    const create = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/api-keys',
        headers: { cookie: admin.cookie, 'idempotency-key': 'make-erp-key-1' },
        payload: { name: 'Retried', scopes: ['orders:read'] },
      });
    const first = await create();
    const again = await create();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    const kept = await app.db.execute(sql`select answer from idempotency_keys`);
    expect(JSON.stringify(kept.rows)).not.toContain(first.json().data.key.slice(21));
    const listed = await app.inject({
      url: '/api/v1/admin/api-keys?limit=100',
      headers: { cookie: admin.cookie },
    });
    expect(listed.json().data.filter((k: { name: string }) => k.name === 'Retried')).toHaveLength(
      1,
    );
  });

  it('reaches only its scopes, and no session route whatever its scopes', async () => {
    const { key } = await createApiKey(app, admin, ['orders:read']);
    const refused = await app.inject(stockCall(key, 'KEY-PART-1'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'This API key does not have the scope stock:write',
    });
    const all = await createApiKey(app, admin, API_SCOPES);
    for (const url of [
      '/api/v1/user',
      '/api/v1/cart',
      '/api/v1/admin/api-keys',
      '/api/v1/manageOrder',
    ]) {
      const res = await app.inject({ url, headers: bearer(all.key) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().success).toBe(false);
    }
    // A key cannot make keys.
    const made = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/api-keys',
      headers: bearer(all.key),
      payload: { name: 'x', scopes: ['stock:write'] },
    });
    expect(made.statusCode).toBe(403);
  });

  it('refuses a session on a key route, and a made-up or wrong key', async () => {
    for (const headers of [{ cookie: admin.cookie }, { authorization: `Bearer ${admin.token}` }]) {
      const res = await app.inject({ ...stockCall('x', 'KEY-PART-1'), headers });
      expect(res.statusCode).toBe(403);
    }
    expect((await app.inject({ ...stockCall('x', 'A'), headers: {} })).statusCode).toBe(401);
    const { key } = await createApiKey(app, admin, ['stock:write']);
    const wrong = `${key.slice(0, 21)}${key.at(21) === 'A' ? 'B' : 'A'}${key.slice(22)}`;
    expect((await app.inject(stockCall(wrong, 'KEY-PART-1'))).statusCode).toBe(401);
    expect((await app.inject(stockCall('ppk_junk', 'KEY-PART-1'))).statusCode).toBe(401);
  });

  it('is refused at once after a revoke, by this process and another on the same database', async () => {
    const other = await buildApp({
      config: app.config,
      db: app.db,
      dbKind: app.dbKind,
      logger: false,
      uploadsDir: '/tmp',
      passwordHashing: testPasswordHashing,
    });
    await other.ready();
    try {
      const { id, key } = await createApiKey(app, admin, ['stock:write']);
      expect((await other.inject(stockCall(key, 'KEY-PART-1'))).statusCode).toBe(200);
      // Another admin revokes it: keys are the shop's, not one admin's.
      const revoke = await app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/api-keys/${id}`,
        headers: { cookie: otherAdmin.cookie },
      });
      expect(revoke.statusCode).toBe(200);
      for (const process of [app, other]) {
        const res = await process.inject(stockCall(key, 'KEY-PART-1'));
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          success: false,
          message: 'This API key is unknown or revoked',
        });
      }
      const listed = await app.inject({
        url: '/api/v1/admin/api-keys?limit=100',
        headers: { cookie: admin.cookie },
      });
      expect(listed.json().data.find((k: { id: string }) => k.id === id).revokedAt).not.toBeNull();
    } finally {
      await other.close();
    }
  });

  it('is made and revoked with an audit entry naming it, never the key; a second revoke records nothing', async () => {
    const { id, key } = await createApiKey(app, admin, ['orders:read'], 'ERP orders');
    const revoke = () =>
      app.inject({
        method: 'DELETE',
        url: `/api/v1/admin/api-keys/${id}`,
        headers: { cookie: otherAdmin.cookie },
      });
    expect((await revoke()).statusCode).toBe(200);
    expect((await revoke()).statusCode).toBe(200);
    const entries = await app.db.execute(
      sql`select action, actor_email as "actorEmail", summary, before, after from audit_log
        where target_type = 'api-key' and target_id = ${id} order by id`,
    );
    const prefix = key.slice(0, 20);
    expect(entries.rows).toEqual([
      {
        action: 'api-key.create',
        actorEmail: admin.email,
        summary: `API key "ERP orders" (${prefix}) for orders:read`,
        before: null,
        after: { name: 'ERP orders', prefix: key.slice(4, 20), scopes: ['orders:read'] },
      },
      {
        action: 'api-key.revoke',
        actorEmail: otherAdmin.email,
        summary: `API key "ERP orders" (${prefix}) revoked`,
        before: { revokedAt: null },
        after: null,
      },
    ]);
    expect(JSON.stringify(entries.rows)).not.toContain(key.slice(21));
  });

  it('stops working when its maker is no longer an admin', async () => {
    const maker = await signUpAdmin(app, { email: 'keys-leaver@example.com' });
    const { key } = await createApiKey(app, maker, ['stock:write']);
    expect((await app.inject(stockCall(key, 'KEY-PART-1'))).statusCode).toBe(200);
    await app.db.execute(sql`update "user" set role = 'user' where email = ${maker.email}`);
    expect((await app.inject(stockCall(key, 'KEY-PART-1'))).statusCode).toBe(401);
  });

  it('is only for admins to make, list and revoke', async () => {
    const asCustomer = { cookie: customer.cookie };
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/api-keys',
      headers: asCustomer,
      payload: { name: 'mine', scopes: ['stock:write'] },
    });
    expect(created.statusCode).toBe(403);
    expect(
      (await app.inject({ url: '/api/v1/admin/api-keys', headers: asCustomer })).statusCode,
    ).toBe(403);
    const revoke = await app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/api-keys/00000000-0000-4000-8000-000000000000',
      headers: { cookie: admin.cookie },
    });
    expect(revoke.statusCode).toBe(404);
  });

  it('refuses a bad name or scopes with the field named', async () => {
    for (const [payload, message] of [
      [{ name: '', scopes: ['stock:write'] }, 'name: Name is Required'],
      [{ name: 'x', scopes: [] }, 'scopes: Choose at least one scope'],
      [{ name: 'x', scopes: ['admin'] }, 'scopes.0: scopes: each one of'],
      [{ name: 'x', scopes: ['stock:write', 'stock:write'] }, 'scopes: scopes: each scope once'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/api-keys',
        headers: { cookie: admin.cookie },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('is rate limited per key', async () => {
    const [one, two] = [
      await createApiKey(app, admin, ['stock:write']),
      await createApiKey(app, admin, ['stock:write']),
    ];
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await app.inject(stockCall(one.key, 'KEY-PART-1'))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another key is counted on its own.
    expect((await app.inject(stockCall(two.key, 'KEY-PART-1'))).statusCode).toBe(200);
    expect(product.sku).toBe('KEY-PART-1');
  });
});
