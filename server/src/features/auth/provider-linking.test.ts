import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../e2e/support/free-port.ts';
import { cookieOf, signIn, signUp } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { oidcLogin, startTestIssuer } from '../../../test/oidc-login.ts';
import { user } from '../../db/schema.ts';

/** Issue 6, holes 2 and 3: what an OIDC login may and may not do to an existing account. */
describe('provider logins and existing accounts', async () => {
  const issuer = await startTestIssuer(await freePort());
  afterAll(() => issuer.close());
  const app = await buildTestApp({
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: issuer.clientId,
    OIDC_CLIENT_SECRET: issuer.clientSecret,
  });
  const sessionOf = async (cookie: string) =>
    (await app.inject({ url: '/api/v1/auth/get-session', headers: { cookie } })).json();

  it('refuses to link a login whose email_verified is false into the existing account', async () => {
    const victim = await signUp(app, { email: `victim${Date.now()}@oidc.test` });
    const login = `${victim.email.split('@')[0]}~unverified`;
    const res = await oidcLogin(app, issuer.issuer, login);
    expect(res.statusCode).toBe(302);
    const target = new URL(String(res.headers.location), 'http://localhost:3000');
    expect(target.pathname).toBe('/signin');
    expect(target.searchParams.get('error')).toMatch(/account_not_linked/);
    const cookie = cookieOf(res);
    if (cookie) expect(await sessionOf(cookie)).toBeNull();
    // The victim still signs in with the password; nothing was linked.
    expect((await signIn(app, victim.email, victim.password)).res.statusCode).toBe(200);
    const accounts = await app.db.query.account.findMany();
    expect(accounts.filter((a) => a.providerId === 'oidc' && a.accountId === login)).toEqual([]);
  });

  it('a verified login joins a never-confirmed account only after removing its password and sessions', async () => {
    const planted = await signUp(app, {
      email: `owner${Date.now()}@oidc.test`,
      password: 'attackers-own',
    });
    const res = await oidcLogin(app, issuer.issuer, planted.email.split('@')[0] ?? '');
    expect(res.statusCode).toBe(302);
    const owner = await sessionOf(cookieOf(res));
    expect(owner.user).toMatchObject({ email: planted.email, emailVerified: true });
    expect(await sessionOf(planted.cookie)).toBeNull();
    expect((await signIn(app, planted.email, 'attackers-own')).res.statusCode).toBe(401);
  });

  it('a verified login joins a confirmed account and keeps its password', async () => {
    const confirmed = await signUp(app, { email: `kept${Date.now()}@oidc.test` });
    await app.db.update(user).set({ emailVerified: true }).where(eq(user.email, confirmed.email));
    const res = await oidcLogin(app, issuer.issuer, confirmed.email.split('@')[0] ?? '');
    expect((await sessionOf(cookieOf(res))).user.email).toBe(confirmed.email);
    expect(await sessionOf(confirmed.cookie)).not.toBeNull();
    expect((await signIn(app, confirmed.email, confirmed.password)).res.statusCode).toBe(200);
  });
});
