import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';

describe('GET /api/v1/health', async () => {
  const app = await buildTestApp();

  it('answers ok and names the database in use', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });

  it('without DATABASE_READ_URL reads the catalog from the primary and names no replica', async () => {
    expect(app.replica).toBeUndefined();
    expect(app.readDb).toBe(app.db);
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(res.json().data).not.toHaveProperty('replica');
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('/api/v1/nope'),
    });
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/health', '/api/v1/tools', '/api/v1/tools/{id}']),
    );
  });
});
