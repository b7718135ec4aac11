import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';

describe('security headers, worked out once, on every answer', async () => {
  const app = await buildTestApp();

  it('API answers, cached reads, 404s and refusals all carry the same API headers', async () => {
    const answers = await Promise.all([
      app.inject({ url: '/api/v1/tools?limit=2' }),
      app.inject({ url: '/api/v1/tools?limit=2' }),
      app.inject({ url: '/api/v1/health' }),
      app.inject({ url: '/api/v1/nothing-here' }),
      app.inject({ url: '/api/v1/tools?limit=1000' }),
      app.inject({ method: 'POST', url: '/api/v1/tools', payload: {} }),
    ]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBeUndefined();
      // PUBLIC_URL is http here: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('pages carry the whole document set', async () => {
    const res = await app.inject({ url: '/api/docs' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('an https shop tells browsers to insist on https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
    const res = await secure.inject({ url: '/api/v1/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
