import { messages } from '@proper-parts/domain/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { cookieOf, signIn, signUp, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { linkIn } from '../../../test/mail-text.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';
import { promoteConfirmedAdmins } from './account-rules.ts';

/** The holes of the identity review (issue 6), each reproduced and refused. */
describe('accounts that cannot be taken over', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({
    SMTP_URL: outbox.url,
    ADMIN_EMAILS: 'chief@acme-corp.com,later@acme-corp.com',
  });

  const tokenOf = (mail: string) => new URL(linkIn(mail)).searchParams.get('token') ?? '';
  const confirmationToken = async (email: string) =>
    tokenOf(await outbox.waitForMail(email, /verify-email\?token=/));
  const confirm = (token: string, extra: { cookie?: string; password?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/email-confirmation',
      payload: { token, ...(extra.password ? { password: extra.password } : {}) },
      headers: extra.cookie ? { cookie: extra.cookie } : {},
    });
  const sessionOf = async (cookie: string) =>
    (await app.inject({ url: '/api/v1/auth/get-session', headers: { cookie } })).json();
  const isAdmin = async (user: TestUser) =>
    (
      await app.inject({
        url: `/api/v1/admin/${user.email}`,
        headers: { cookie: user.cookie },
      })
    ).json().data.admin;

  describe('1. a listed admin address is admin only once its owner proves it', () => {
    it('signs up as an ordinary customer, and cannot make anyone admin', async () => {
      const squatter = await signUp(app, { email: 'chief@acme-corp.com' });
      expect(await isAdmin(squatter)).toBe(false);
      const victim = await signUp(app);
      const grant = await app.inject({
        method: 'PUT',
        url: `/api/v1/user/admin/${victim.email}`,
        headers: { cookie: squatter.cookie },
      });
      expect(grant.statusCode).toBe(403);
    });

    it('becomes admin when the mailed link is opened signed in to that account', async () => {
      const owner = await signUp(app, { email: 'later@acme-corp.com' });
      expect(await isAdmin(owner)).toBe(false);
      const res = await confirm(await confirmationToken(owner.email), { cookie: owner.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { confirmed: true } });
      expect(await isAdmin(owner)).toBe(true);
    });

    it('at start-up, promotes listed accounts only when their address is confirmed', async () => {
      const listed = await signUp(app);
      await promoteConfirmedAdmins(app.db, [listed.email]);
      expect(await isAdmin(listed)).toBe(false);
      await confirm(await confirmationToken(listed.email), { cookie: listed.cookie });
      await promoteConfirmedAdmins(app.db, [listed.email]);
      expect(await isAdmin(listed)).toBe(true);
    });
  });

  describe('3. pre-registration: the link confirms only with the account, never signs in', () => {
    it('refuses a signed-out click without the password, and a wrong password', async () => {
      const attacker = await signUp(app, { password: 'attackers-own' });
      const token = await confirmationToken(attacker.email);
      const bare = await confirm(token);
      expect(bare.statusCode).toBe(401);
      expect(bare.json()).toEqual({
        success: false,
        message: messages.confirmationNeedsPassword,
      });
      expect(bare.headers['set-cookie']).toBeUndefined();
      const wrong = await confirm(token, { password: 'a-guess-123' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(messages.confirmationWrongPassword);
      expect((await sessionOf(attacker.cookie)).user.emailVerified).toBe(false);
    });

    it('refuses a click signed in to another account', async () => {
      const owner = await signUp(app);
      const other = await signUp(app);
      const res = await confirm(await confirmationToken(owner.email), { cookie: other.cookie });
      expect(res.statusCode).toBe(401);
    });

    it('confirms with the account password typed on the page, without signing in', async () => {
      const owner = await signUp(app);
      const res = await confirm(await confirmationToken(owner.email), {
        password: owner.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect((await sessionOf(owner.cookie)).user.emailVerified).toBe(true);
    });

    it('refuses forged, altered and unknown tokens', async () => {
      const owner = await signUp(app);
      const token = await confirmationToken(owner.email);
      for (const bad of ['x', `${token}x`, token.split('.').slice(0, 2).join('.')]) {
        const res = await confirm(bad, { cookie: owner.cookie });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(messages.confirmationLinkInvalid);
      }
    });

    it('the old verify-email endpoint of the library is gone', async () => {
      const owner = await signUp(app);
      const token = await confirmationToken(owner.email);
      const res = await app.inject({ url: `/api/v1/auth/verify-email?token=${token}` });
      expect(res.statusCode).toBe(404);
      expect((await sessionOf(owner.cookie)).user.emailVerified).toBe(false);
    });

    it('a reset through the mailed link confirms the address and ends every other session', async () => {
      const attacker = await signUp(app, { password: 'attackers-own' });
      const ask = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/request-password-reset',
        payload: { email: attacker.email, redirectTo: '/reset-password' },
      });
      expect(ask.statusCode).toBe(200);
      const token = await resetTokenFrom(
        app,
        await outbox.waitForMail(attacker.email, /reset-password\//),
      );
      const reset = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { newPassword: 'owners-new-pass', token },
      });
      expect(reset.statusCode).toBe(200);
      expect(await sessionOf(attacker.cookie)).toBeNull();
      expect((await signIn(app, attacker.email, 'attackers-own')).res.statusCode).toBe(401);
      const owner = await signIn(app, attacker.email, 'owners-new-pass');
      expect((await sessionOf(owner.cookie)).user.emailVerified).toBe(true);
    });

    it('the confirmation mail says what to do if you did not sign up, and holds no user text', async () => {
      const user = await signUp(app, { name: 'Visit http://evil.test now' });
      const mail = await outbox.waitForMail(user.email, /verify-email\?token=/);
      expect(mail).toMatch(/Did not sign up\?/);
      expect(mail).toMatch(/Forgot password\?/);
      expect(mail).not.toContain('evil.test');
    });
  });

  describe('reset links', () => {
    it('using one reset link invalidates every other outstanding link of that user', async () => {
      const user = await signUp(app);
      const links: string[] = [];
      for (let i = 0; i < 2; i++) {
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/request-password-reset',
          payload: { email: user.email, redirectTo: '/reset-password' },
        });
        for (;;) {
          const mails = outbox.received.filter((m) => m.to.includes(user.email));
          const resets = mails.filter((m) => /reset-password\//.test(m.raw));
          if (resets.length > i) break;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      for (const mail of outbox.received.filter((m) => m.to.includes(user.email))) {
        const text = (await import('../../../test/mail-text.ts')).readableMail(mail.raw);
        if (/reset-password\//.test(text)) links.push(linkIn(text));
      }
      expect(links).toHaveLength(2);
      const [first, second] = await Promise.all(links.map((l) => resetTokenFrom(app, l, true)));
      const use = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { newPassword: 'first-new-pass', token: second },
      });
      expect(use.statusCode).toBe(200);
      const other = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { newPassword: 'second-new-pass', token: first },
      });
      expect(other.statusCode).toBe(400);
    });
  });

  describe('sessions', () => {
    it('change-password revokes the other sessions', async () => {
      const user = await signUp(app);
      const other = await signIn(app, user.email, user.password);
      const change = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        headers: { cookie: user.cookie },
        payload: {
          currentPassword: user.password,
          newPassword: 'changed-pass',
          revokeOtherSessions: false,
        },
      });
      expect(change.statusCode).toBe(200);
      expect(await sessionOf(other.cookie)).toBeNull();
    });

    it('gives browser callers no session token in bodies or headers', async () => {
      const up = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up/email',
        payload: { name: 'Tok', email: 'tok@example.com', password: 'secret123' },
      });
      const cookie = cookieOf(up);
      const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
      expect(token.length).toBeGreaterThan(10);
      const inBody = await signIn(app, 'tok@example.com', 'secret123');
      const session = await app.inject({ url: '/api/v1/auth/get-session', headers: { cookie } });
      for (const res of [up, inBody.res, session]) {
        expect(res.headers['set-auth-token']).toBeUndefined();
        expect(res.body).not.toContain(token);
        expect(res.json()).not.toHaveProperty('token');
      }
      expect(session.json().session).not.toHaveProperty('token');
    });

    it('still gives API clients a bearer token through PUT /user/{email}, and it works', async () => {
      const user = await signUp(app);
      expect(user.token).toMatch(/\w{10,}/);
      const res = await app.inject({
        url: `/api/v1/admin/${user.email}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.json()).toEqual({ success: true, data: { admin: false } });
    });
  });
});

/** The reset token from a mailed link (the link redirects to the page with `?token=`). */
async function resetTokenFrom(app: TestApp, mailOrLink: string, isLink = false) {
  const link = isLink ? mailOrLink : linkIn(mailOrLink);
  const open = await app.inject({ url: link.replace('http://localhost:3000', '') });
  const target = new URL(String(open.headers.location), 'http://localhost:3000');
  return target.searchParams.get('token') ?? '';
}
