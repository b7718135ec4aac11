import { messages } from '@proper-parts/domain/messages';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';

describe('users: tokens, admin check, make admin', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app, { email: 'root@example.com', name: 'Root' });
  const alice = await signUp(app, { name: 'Alice' });
  const bob = await signUp(app, { name: 'Bob' });
  const as = (user: { cookie: string }) => ({ cookie: user.cookie });

  it('PUT /user/{email} records a browser session user without ever showing it a token', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${alice.email}`,
      headers: as(alice),
      payload: { email: alice.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: {}, message: 'User recorded' });
    expect(res.headers['set-auth-token']).toBeUndefined();
    // Not the session's token, nor any other, anywhere in the answer.
    const cookieToken = decodeURIComponent(alice.cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(res.body).not.toContain(cookieToken);
    expect(res.body).not.toContain(alice.token);
  });

  it('an API client signs in at POST /tokens for a bearer token, which PUT /user/{email} then echoes', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      payload: { email: alice.email, password: alice.password },
    });
    expect(signIn.statusCode).toBe(200);
    const { token } = signIn.json().data;
    expect(token).toEqual(expect.any(String));
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const check = await app.inject({
      url: `/api/v1/admin/${alice.email}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.json().data).toEqual({ admin: false });
    const record = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${alice.email}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { email: alice.email },
    });
    expect(record.json().data).toEqual({ token });
  });

  it('POST /tokens refuses a wrong password or an unknown email (401) and bad input (400)', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      payload: { email: alice.email, password: 'not-her-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().success).toBe(false);
    expect(wrong.body).not.toMatch(/token"\s*:/);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      payload: { email: 'nobody-here@example.com', password: 'whatever1' },
    });
    expect(unknown.statusCode).toBe(401);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      payload: { email: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it('PUT /user/{email} ignores a role in the body: nobody makes themselves admin', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${bob.email}`,
      headers: as(bob),
      payload: { email: bob.email, role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    const check = await app.inject({ url: `/api/v1/admin/${bob.email}`, headers: as(bob) });
    expect(check.json().data).toEqual({ admin: false });
  });

  it('PUT /user/{email} refuses another user’s email (403) and a visitor (401)', async () => {
    const other = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${bob.email}`,
      headers: as(alice),
      payload: {},
    });
    expect(other.statusCode).toBe(403);
    const visitor = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${bob.email}`,
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ success: false, message: messages.signInRequired });
  });

  it('GET /admin/{email}: own email, or an admin asking about anyone', async () => {
    expect(
      (await app.inject({ url: `/api/v1/admin/${admin.email}`, headers: as(admin) })).json().data,
    ).toEqual({ admin: true });
    expect(
      (await app.inject({ url: `/api/v1/admin/${alice.email}`, headers: as(admin) })).json().data,
    ).toEqual({ admin: false });
    expect(
      (await app.inject({ url: `/api/v1/admin/${admin.email}`, headers: as(alice) })).statusCode,
    ).toBe(403);
  });

  it('GET /user lists users with _id, email, role and name, for admins only', async () => {
    const res = await app.inject({ url: '/api/v1/user', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const users = res.json().data;
    expect(users).toContainEqual({
      _id: expect.any(String),
      email: alice.email,
      name: 'Alice',
      role: 'user',
    });
    expect(users).toContainEqual(expect.objectContaining({ email: admin.email, role: 'admin' }));
    for (const u of users) expect(Object.keys(u).sort()).toEqual(['_id', 'email', 'name', 'role']);
    expect((await app.inject({ url: '/api/v1/user', headers: as(alice) })).statusCode).toBe(403);
  });

  it('PUT /user/admin/{email}: an admin makes a user admin once; a customer gets 403', async () => {
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/admin/${bob.email}`,
      headers: as(alice),
    });
    expect(refused.statusCode).toBe(403);
    const first = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/admin/${bob.email}`,
      headers: as(admin),
    });
    expect(first.json()).toEqual({ success: true, data: { modifiedCount: 1 } });
    const again = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/admin/${bob.email}`,
      headers: as(admin),
    });
    expect(again.json().data).toEqual({ modifiedCount: 0 });
    const check = await app.inject({ url: `/api/v1/admin/${bob.email}`, headers: as(bob) });
    expect(check.json().data).toEqual({ admin: true });
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/v1/user/admin/ghost@example.com',
      headers: as(admin),
    });
    expect(missing.statusCode).toBe(404);
  });
});
