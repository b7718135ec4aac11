import { describe, expect, it } from 'vitest';
import { buildCompanyFixture } from '../../../test/company-matrix/fixture.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as } from '../../../test/order-helpers.ts';

/**
 * Issue 33: a company's sales-tax exemption certificate read back by the shop admin
 * (`GET /api/v1/admin/companies/{id}/tax-exemption`): none, the one recorded, and expired once
 * its day is past, as the tax calculator judges it. Who may call it: the authorization matrices.
 */
describe('reading a company tax exemption', async () => {
  const app = await buildTestApp();
  const f = await buildCompanyFixture(app);
  const admin = f.users.shopAdmin;
  const url = (id: string) => `/api/v1/admin/companies/${id}/tax-exemption`;
  const read = (id: string) => app.inject({ url: url(id), headers: as(admin) });
  const record = (exemption: object | null) =>
    app.inject({ method: 'PUT', url: url(f.companyA), headers: as(admin), payload: { exemption } });

  it('answers null for a company without a certificate', async () => {
    const res = await read(f.companyA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ companyId: f.companyA, exemption: null });
  });

  it('answers the certificate recorded, states as codes, not expired until after its day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const saved = await record({
      certificateNumber: 'TX-EX-77',
      regions: ['Texas', 'ca'],
      expiresOn: today,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const exemption = {
      certificateNumber: 'TX-EX-77',
      regions: ['TX', 'CA'],
      expiresOn: today,
      expired: false,
    };
    expect(saved.json().data.exemption).toEqual(exemption);
    expect((await read(f.companyA)).json().data.exemption).toEqual(exemption);
  });

  it('says expired once the day is past, and null again once ended', async () => {
    await record({ certificateNumber: 'OLD-1', regions: ['TX'], expiresOn: '2020-01-31' });
    expect((await read(f.companyA)).json().data.exemption).toEqual({
      certificateNumber: 'OLD-1',
      regions: ['TX'],
      expiresOn: '2020-01-31',
      expired: true,
    });
    expect((await record(null)).json().data.exemption).toBeNull();
    expect((await read(f.companyA)).json().data.exemption).toBeNull();
  });

  it('keeps each company to its own, and 404 for no such company, 400 for a bad id', async () => {
    await record({ certificateNumber: 'A-1', regions: ['TX'], expiresOn: '2099-01-01' });
    expect((await read(f.companyB)).json().data).toEqual({
      companyId: f.companyB,
      exemption: null,
    });
    const missing = await read('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false });
    const bad = await read('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/i);
  });
});
