import { describe, expect, it } from 'vitest';

// better-auth skips its origin check under test; this file runs it as production does.
process.env.NODE_ENV = 'production';
delete process.env.TEST;
const { buildTestApp } = await import('./helper.ts');
const { startSmtpOutbox } = await import('./smtp-outbox.ts');
const { linkIn } = await import('./mail-text.ts');

const signUpFrom = (app: Awaited<ReturnType<typeof buildTestApp>>, origin: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up/email',
    headers: { origin },
    payload: {
      name: 'Lo',
      email: `lo${Date.now()}${Math.random()}@example.com`.replace('0.', ''),
      password: 'secret123',
    },
  });

describe('origins, as a new user meets them', () => {
  it('without PUBLIC_URL, every loopback name of the port works (the start log says 127.0.0.1)', async () => {
    const app = await buildTestApp({ PUBLIC_URL: '', PORT: '3000' });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await signUpFrom(app, origin)).statusCode).toBe(200);
    }
    const foreign = await signUpFrom(app, 'http://evil.test');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/PUBLIC_URL/);
  });

  it('mails the confirmation link back to the loopback name the user signed up on', async () => {
    const outbox = await startSmtpOutbox();
    const app = await buildTestApp({ PUBLIC_URL: '', PORT: '3000', SMTP_URL: outbox.url });
    const res = await signUpFrom(app, 'http://127.0.0.1:3000');
    const email = JSON.parse(res.payload).user.email as string;
    const mail = await outbox.waitForMail(email, /verify-email/);
    expect(linkIn(mail)).toMatch(/^http:\/\/127\.0\.0\.1:3000\/verify-email\?token=/);
    await outbox.close();
  });

  it('with PUBLIC_URL set, another origin gets a message that names PUBLIC_URL', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    const res = await signUpFrom(app, 'http://127.0.0.1:3000');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'INVALID_ORIGIN',
      message: expect.stringMatching(
        /https:\/\/shop\.example\.com \(PUBLIC_URL\).*http:\/\/127\.0\.0\.1:3000/,
      ),
    });
    expect((await signUpFrom(app, 'https://shop.example.com')).statusCode).toBe(200);
  });
});

describe('HSTS', () => {
  it('is sent only when PUBLIC_URL is https', async () => {
    const plain = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    expect(
      (await plain.inject({ url: '/api/v1/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const secure = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    expect(
      (await secure.inject({ url: '/api/v1/health' })).headers['strict-transport-security'],
    ).toMatch(/max-age=\d+/);
  });

  it('keeps frame-ancestors none on the API docs', async () => {
    const app = await buildTestApp();
    const csp = String((await app.inject({ url: '/api/docs' })).headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('gives the API docs the inline styles swagger-ui needs, and only the docs (issue 15)', async () => {
    const app = await buildTestApp();
    for (const url of ['/api/docs', '/api/docs/static/index.html']) {
      const csp = String((await app.inject({ url })).headers['content-security-policy']);
      expect(csp, url).toMatch(/style-src 'self' 'unsafe-inline';/);
      expect(csp, url).not.toContain('swagger.io');
      expect(csp, url).toMatch(/script-src 'self' ;|script-src 'self';/);
    }
    // An API answer keeps the API set (default-src 'none'), not the docs' policy.
    const api = String(
      (await app.inject({ url: '/api/v1/health' })).headers['content-security-policy'],
    );
    expect(api).not.toContain('unsafe-inline');
  });
});
