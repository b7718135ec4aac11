import { messages } from '@proper-parts/domain/messages';
import { describe, expect, it } from 'vitest';
import { signIn, signUp } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';

describe('identity: sign-up, sign-in, sessions', async () => {
  const app = await buildTestApp({ ADMIN_EMAILS: 'boss@example.com' });

  it('signs up, and the session cookie is httpOnly and SameSite', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up/email',
      payload: { name: 'Ada', email: 'ada@example.com', password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(res.json().user).toMatchObject({ email: 'ada@example.com', name: 'Ada', role: 'user' });
  });

  it('stores the password hashed, never as sent', async () => {
    const rows = await app.db.query.account.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.password).not.toContain('secret123');
  });

  it.each([
    [{ name: 'A', email: '', password: 'secret123' }, messages.emailRequired],
    [{ name: 'A', email: 'ada@example', password: 'secret123' }, messages.emailInvalid],
    [{ name: 'A', email: 'ada..b@example.com', password: 'secret123' }, messages.emailInvalid],
    [{ name: 'A', email: 'ada@exa_mple.com', password: 'secret123' }, messages.emailInvalid],
    [
      { name: 'A\nClick http://evil.test', email: 'x@example.com', password: 'secret123' },
      messages.nameOneLine,
    ],
    [{ name: 'A\u202eB', email: 'x@example.com', password: 'secret123' }, messages.nameOneLine],
    [{ name: 'A', email: 'x@example.com', password: '' }, messages.passwordRequired],
    [{ name: 'A', email: 'x@example.com', password: '12345' }, messages.passwordTooShort],
    [{ name: '  ', email: 'x@example.com', password: 'secret123' }, messages.nameRequired],
  ])('refuses sign-up %o with "%s"', async (payload, message) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-up/email', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
  });

  it('signs in with the right password only, with a readable message', async () => {
    const user = await signUp(app);
    const ok = await signIn(app, user.email, user.password);
    expect(ok.res.statusCode).toBe(200);
    const bad = await signIn(app, user.email, 'wrong-password');
    expect(bad.res.statusCode).toBe(401);
    expect(bad.res.json()).toMatchObject({ success: false, message: 'Invalid email or password' });
  });

  it('refuses a second account with the same email', async () => {
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up/email',
      payload: { name: 'Twin', email: user.email, password: 'secret123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/already exists/i),
    });
  });

  it('accepts the session as a cookie and as a bearer token; sign-out ends it', async () => {
    const user = await signUp(app);
    const byCookie = await app.inject({
      url: '/api/v1/auth/get-session',
      headers: { cookie: user.cookie },
    });
    expect(byCookie.json().user.email).toBe(user.email);
    const byBearer = await app.inject({
      url: `/api/v1/admin/${user.email}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(byBearer.json()).toEqual({ success: true, data: { admin: false } });

    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({
      url: `/api/v1/admin/${user.email}`,
      headers: { cookie: user.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('never lets a user make themselves admin through the identity endpoints', async () => {
    const user = await signUp(app);
    const headers = { cookie: user.cookie, origin: 'http://localhost:3000' };
    const update = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/update-user',
      headers,
      payload: { name: 'Sneaky', role: 'admin' },
    });
    expect(update.statusCode).toBeLessThan(500);
    const setRole = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/admin/set-role',
      headers,
      payload: { userId: 'x', role: 'admin' },
    });
    // The admin plugin is gone: no such call exists (auth-surface.test.ts lists them all).
    expect(setRole.statusCode).toBe(404);
    const signUpAsAdmin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up/email',
      payload: {
        name: 'Mallory',
        email: 'mallory@example.com',
        password: 'secret123',
        role: 'admin',
      },
    });
    expect(signUpAsAdmin.statusCode).toBeLessThan(500);
    for (const who of [user.email, 'mallory@example.com']) {
      const found = await app.db.query.user.findFirst({ where: (u, { eq }) => eq(u.email, who) });
      expect(found?.role ?? 'user').toBe('user');
    }
  });

  it.each([
    'john.smith@acme-corp.com',
    'sales@parts.co.uk',
    'orders@bearings.industries',
    'info@supply.info',
  ])('takes the business address %s', async (email) => {
    const user = await signUp(app, { email });
    expect((await signIn(app, email, user.password)).res.statusCode).toBe(200);
  });

  it('stores an address trimmed and in lower case, and signs in however it is typed', async () => {
    const user = await signUp(app, { email: '  Buyer@Example.com ' });
    const found = await app.db.query.user.findFirst({
      where: (u, { eq }) => eq(u.email, 'buyer@example.com'),
    });
    expect(found).toBeDefined();
    expect((await signIn(app, 'BUYER@example.COM', user.password)).res.statusCode).toBe(200);
  });
});

describe('identity: rate limits', async () => {
  const app = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });

  it('answers 429 with a readable message after too many sign-ins for one email', async () => {
    const user = await signUp(app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signIn(app, user.email, 'wrong-pass')).res.statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const limited = await signIn(app, user.email, user.password);
    expect(limited.res.statusCode).toBe(429);
    expect(limited.res.json()).toEqual({ success: false, message: messages.tooManyRequests });
  });

  it('cannot be dodged with a dotted path (/./sign-in/email) over real HTTP', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signUp(app);
    const statuses: number[] = [];
    for (const path of [
      '/./sign-in/email',
      '/x/../sign-in/email',
      '/%2e/sign-in/email',
      '/./sign-in/email',
    ]) {
      const res = await fetch(`${address}/api/v1/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.1' },
        body: JSON.stringify({ email: user.email, password: 'wrong-pass' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3).every((s) => s === 401 || s === 404)).toBe(true);
    expect(statuses[3]).toBe(429);
    const tooShort = await fetch(`${address}/api/v1/auth/./sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.77.0.2' },
      body: JSON.stringify({ email: user.email, password: '1' }),
    });
    expect(await tooShort.json()).toEqual({ success: false, message: messages.passwordTooShort });
  });

  it('limits one IP across many emails', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in/email',
        payload: { email: `nobody${i}@example.com`, password: 'secret123' },
        headers: { 'x-forwarded-for': '10.1.1.1' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toContain(429);
    expect(codes.indexOf(429)).toBe(9);
  });
});

describe('identity: sign-in options', () => {
  it('offers no social sign-in when nothing is configured', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ url: '/api/v1/auth-options' });
    expect(res.json()).toEqual({ success: true, data: { social: null } });
    const google = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(google.statusCode).toBeGreaterThanOrEqual(400);
    expect(google.statusCode).toBeLessThan(500);
    expect(google.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('offers Google when its client is configured, and redirects to Google', async () => {
    const app = await buildTestApp({ GOOGLE_CLIENT_ID: 'gid', GOOGLE_CLIENT_SECRET: 'gsecret' });
    expect((await app.inject({ url: '/api/v1/auth-options' })).json().data).toEqual({
      social: { id: 'google', name: 'Google' },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/accounts\.google\.com\/.*client_id=gid/);
  });
});
