import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signUpAdmin } from './auth-helper.ts';
import { buildTestApp } from './helper.ts';
import { imageUpload, solidImage } from './image-fixtures.ts';

const signUpOn = (app: Awaited<ReturnType<typeof buildTestApp>>, origin: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up/email',
    headers: { origin },
    payload: { name: 'Cookie Jar', email: `jar${Date.now()}@example.com`, password: 'secret123' },
  });

const setCookiesOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']].flat().filter((c): c is string => typeof c === 'string');

describe('session cookies', () => {
  it('are HttpOnly and SameSite=Lax, and not Secure on a plain-http shop', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    const cookies = setCookiesOf(await signUpOn(app, 'http://localhost:3000'));
    expect(cookies.some((c) => c.startsWith('better-auth.session_token='))).toBe(true);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
    }
  });

  it('are also Secure (and __Secure- prefixed) when PUBLIC_URL is https', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    const cookies = setCookiesOf(await signUpOn(app, 'https://shop.example.com'));
    expect(cookies.some((c) => c.startsWith('__Secure-better-auth.session_token='))).toBe(true);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Secure/i);
    }
  });

  it('the __Secure- cookie of an https shop is guarded against cross-site posts too', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    const cookie = setCookiesOf(await signUpOn(app, 'https://shop.example.com'))
      .map((c) => c.split(';')[0])
      .join('; ');
    const forged = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/https:\/\/shop\.example\.com \(PUBLIC_URL\)/);
  });
});

describe('security headers on pages, the API and uploaded images', async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'pp-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Proper Parts</title>');
  const app = await buildTestApp({ WEB_DIST_DIR: webDir });
  const admin = await signUpAdmin(app);
  const png = imageUpload(await solidImage('png'), 'part.png', 'image/png');
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...png.headers, cookie: admin.cookie },
    payload: png.payload,
  });
  const imageUrl = uploaded.json().data.url as string;

  const expected = {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ],
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
  };

  it.each([
    ['the home page', '/', /^text\/html/],
    ['a page of the web app', '/dashboard/my-orders', /^text\/html/],
    ['an uploaded image', 'IMAGE', /^image\/webp$/],
  ])('%s', async (_label, url, type) => {
    const res = await app.inject({ url: url === 'IMAGE' ? imageUrl : url });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(type);
    const { 'content-security-policy': csp, ...exact } = expected;
    for (const directive of csp)
      expect(res.headers['content-security-policy']).toContain(directive);
    expect(res.headers).toMatchObject(exact);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  // JSON is never rendered: it gets what OWASP's REST cheat sheet asks, not the page headers.
  it.each([
    ['the API', '/api/v1/tools'],
    ['an API refusal', '/api/v1/nothing-here'],
    ['the identity API', '/api/v1/auth/get-session'],
  ])('%s: the API set, nothing that only acts on pages', async (_label, url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
    for (const pageOnly of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-xss-protection',
    ])
      expect(res.headers[pageOnly]).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });
});
