import { messages } from '@proper-parts/domain/messages';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, signUp } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { linkIn } from '../../../test/mail-text.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';

describe('mail: verification on sign-up, password reset', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url });

  it('mails an email-verification link on sign-up, and sign-in does not wait for it', async () => {
    const user = await signUp(app);
    const mail = await outbox.waitForMail(user.email, /verify-email\?token=/);
    expect(mail).toContain('Confirm your Proper Parts email');
    expect((await signIn(app, user.email, user.password)).res.statusCode).toBe(200);

    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe('/verify-email');
    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/email-confirmation',
      payload: { token: link.searchParams.get('token') },
      headers: { cookie: user.cookie },
    });
    expect(verify.statusCode).toBe(200);
    const session = await app.inject({
      url: '/api/v1/auth/get-session',
      headers: { cookie: user.cookie },
    });
    expect(session.json().user.emailVerified).toBe(true);
  });

  it('resets a forgotten password from the mailed link; the old one stops working', async () => {
    const user = await signUp(app);
    const ask = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(ask.statusCode).toBe(200);

    const mail = await outbox.waitForMail(user.email, /reset-password\//);
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/v1\/auth\/reset-password\/\w+/);
    const open = await app.inject({ url: link.replace('http://localhost:3000', '') });
    expect(open.statusCode).toBe(302);
    const target = new URL(String(open.headers.location), 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const short = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { newPassword: '123', token },
    });
    expect(short.json()).toEqual({ success: false, message: messages.passwordTooShort });

    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { newPassword: 'brand-new-pass', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(app, user.email, user.password)).res.statusCode).toBe(401);
    expect((await signIn(app, user.email, 'brand-new-pass')).res.statusCode).toBe(200);

    const reuse = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { newPassword: 'another-pass', token },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().success).toBe(false);
  });

  it('answers the same for an unknown email (no account discovery) and validates the email', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: 'nobody@example.com', redirectTo: '/reset-password' },
    });
    expect(unknown.statusCode).toBe(200);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: 'not-an-email' },
    });
    expect(bad.json()).toEqual({ success: false, message: messages.emailInvalid });
  });
});
