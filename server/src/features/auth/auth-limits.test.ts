import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signUp } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { startSmtpOutbox } from '../../../test/smtp-outbox.ts';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('limits on calls that send mail or check a password', async () => {
  const outbox = await startSmtpOutbox();
  afterAll(() => outbox.close());
  const app = await buildTestApp({ SMTP_URL: outbox.url, RATE_LIMIT_AUTH_PER_MINUTE: '5' });

  it('30 verification mails asked in a burst send at most the limit', async () => {
    const user = await signUp(app);
    await outbox.waitForMail(user.email, /verify-email/);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/auth/send-verification-email',
          payload: { email: user.email },
          headers: from('10.20.0.1'),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    await new Promise((r) => setTimeout(r, 500));
    expect(outbox.received.filter((m) => m.to.includes(user.email))).toHaveLength(1 + 5);
  });

  it('per account: another IP cannot keep asking for mails to one address', async () => {
    const user = await signUp(app);
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/request-password-reset',
        payload: { email: user.email, redirectTo: '/reset-password' },
        headers: from(`10.21.0.${i}`),
      });
      codes.push(res.statusCode);
    }
    // Per (email, IP) 5, per email 25: each IP is new, so the per-email limit trips.
    expect(codes.filter((c) => c === 200)).toHaveLength(25);
    expect(codes.slice(25).every((c) => c === 429)).toBe(true);
  });

  it('ten wrong passwords from one IP do not lock the owner out on another IP', async () => {
    const user = await signUp(app);
    const attacker: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in/email',
        payload: { email: user.email, password: 'wrong-guess' },
        headers: from('10.30.0.66'),
      });
      attacker.push(res.statusCode);
    }
    expect(attacker.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attacker.slice(5).every((c) => c === 429)).toBe(true);
    const owner = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: from('10.30.0.7'),
    });
    expect(owner.statusCode).toBe(200);
  });

  it('a client-chosen X-Forwarded-For hop does not walk past the per-IP limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in/email',
        payload: { email: `nobody${i}@example.com`, password: 'secret123' },
        // The client prepends a fresh address each time; our one proxy appended the real one.
        headers: from(`172.16.0.${i}, 10.40.0.1`),
      });
      codes.push(res.statusCode);
    }
    expect(codes.indexOf(429)).toBe(15);
  });

  it('answers a reset request without waiting for the mail server', async () => {
    const silent: Server = createServer(() => {
      // Accepts the connection and never speaks: a mail server that hangs.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const stuck = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    const user = await signUp(stuck);
    const res = await stuck.inject({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    silent.close();
  });
});

describe('password guessing on one account, at the default limit', async () => {
  // The default 10 attempts per (account, IP), over a 3-second window instead of a minute.
  const app = await buildTestApp({ RATE_LIMIT_AUTH_WINDOW_SECONDS: '3' });
  const signInAs = (email: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/email',
      payload: { email, password },
      headers: from(ip),
    });

  it('20 wrong passwords from one IP get 429; the owner signs in elsewhere, and there after the window', async () => {
    const user = await signUp(app);
    // Sent together: all are counted (before any password is checked) well inside the window.
    const burst = await Promise.all([
      ...Array.from({ length: 20 }, () => signInAs(user.email, 'wrong-guess', '10.60.0.66')),
      // The right password from the guessing IP, after the 20: refused like them.
      signInAs(user.email, user.password, '10.60.0.66'),
    ]);
    const codes = burst.map((res) => res.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(11);
    expect(codes[20]).toBe(429);
    const refused = burst.find((res) => res.statusCode === 429);
    expect(refused?.json()).toEqual({ success: false, message: expect.stringMatching(/wait/) });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    expect((await signInAs(user.email, user.password, '10.60.0.7')).statusCode).toBe(200);

    // Once the window has passed, the right password from the guessing IP works again.
    await vi.waitFor(
      async () => {
        const res = await signInAs(user.email, user.password, '10.60.0.66');
        expect([200, 429]).toContain(res.statusCode);
        expect(res.statusCode).toBe(200);
      },
      { timeout: 60_000, interval: 1_000 },
    );
  });
});

describe('the client address under TRUST_PROXY', () => {
  it('with TRUST_PROXY=false, a session stores the socket address, not a spoofed header', async () => {
    const app = await buildTestApp({ TRUST_PROXY: 'false' });
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.7' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await app.db.query.session.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.ipAddress).toBe('127.0.0.1');
  });

  it('with one trusted hop, the session stores the address our proxy saw', async () => {
    const app = await buildTestApp({ TRUST_PROXY: '1' });
    const user = await signUp(app);
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: from('6.6.6.6, 10.50.0.9'),
    });
    const rows = await app.db.query.session.findMany({
      orderBy: (s, { desc }) => desc(s.createdAt),
    });
    expect(rows[0]?.ipAddress).toBe('10.50.0.9');
  });
});
