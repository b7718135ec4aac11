import { describe, expect, it } from 'vitest';
import { buildCompanyFixture, COMPANY_CALLERS } from './company-matrix/fixture.ts';
import { companyRows } from './company-matrix/index.ts';
import { buildTestApp } from './helper.ts';

/**
 * Issue 19: every company, approval, terms and quote route × every kind of caller → the status
 * the server must answer. The rows live in company-matrix/rows-*.ts; authorization-matrix.test.ts
 * counts them as covered.
 */
describe('company authorization matrix', async () => {
  const app = await buildTestApp();
  const fixture = await buildCompanyFixture(app);

  it('has rows', () => {
    expect(companyRows.length).toBeGreaterThan(0);
  });

  for (const row of companyRows) {
    for (const caller of COMPANY_CALLERS) {
      it(`${row.method} ${row.path}${row.query ?? ''} as ${caller} → ${row.expect[caller]}`, async () => {
        const params = (await row.params?.(fixture, caller)) ?? {};
        const url = Object.entries(params).reduce(
          (path, [name, value]) => path.replace(`{${name}}`, value),
          row.path,
        );
        expect(url, 'every {param} filled').not.toMatch(/\{\w+\}/);
        const body = typeof row.body === 'function' ? await row.body(fixture, caller) : row.body;
        const form = await row.form?.(fixture, caller);
        const res = await app.inject({
          method: row.method,
          url: `${url}${row.query ?? ''}`,
          headers: { ...fixture.headersOf(caller), ...form?.headers },
          ...(form ? { payload: form.payload } : body ? { payload: body } : {}),
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(row.expect[caller]);
        const type = String(res.headers['content-type']);
        if (res.statusCode === 200 && /^(text\/csv|application\/pdf|image\/webp)/.test(type))
          return;
        expect(res.json().success).toBe(res.statusCode < 400);
      });
    }
  }
});
