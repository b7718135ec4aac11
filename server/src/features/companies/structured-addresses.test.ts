import { describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { as } from '../../../test/order-helpers.ts';

/**
 * Issue 33: a company's billing address and its address book take a structured address beside
 * their text (checked per country, each problem naming its field), and answer it back.
 */
describe('company addresses, structured', async () => {
  const app = await buildTestApp();
  const call = (who: TestUser, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: as(who),
      ...(payload ? { payload } : {}),
    });
  const berlin = {
    name: 'Accounts payable',
    company: 'Acme GmbH',
    line1: 'Hauptstr. 1',
    city: 'Berlin',
    region: 'Berlin',
    postalCode: '10115',
    country: 'de',
    phone: '+49 30 1234567',
  };
  const owner = await signUp(app);

  it('keeps the structured billing address, the region as its code, the country upper case', async () => {
    const made = await call(owner, 'POST', '/company', {
      name: 'Acme GmbH',
      taxId: 'DE136695976',
      billingAddress: 'Hauptstr. 1, 10115 Berlin',
      billingTo: berlin,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.billingTo).toEqual({
      ...berlin,
      region: 'BE',
      country: 'DE',
      line2: '',
    });
    const moved = await call(owner, 'PATCH', '/company', {
      billingTo: { ...berlin, line1: 'Nebenstr. 2' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      billingAddress: 'Hauptstr. 1, 10115 Berlin',
      billingTo: { line1: 'Nebenstr. 2' },
    });
  });

  it('refuses a bad structured billing address naming the field', async () => {
    const bad = await call(owner, 'PATCH', '/company', {
      billingTo: { ...berlin, postalCode: '1011' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/postalCode/);
  });

  it('keeps an address book entry structured, and a text-only one as before', async () => {
    const shipTo = { ...berlin, name: 'Goods in', line1: 'Dock 4' };
    const added = await call(owner, 'POST', '/company/addresses', {
      label: 'Plant',
      address: 'Dock 4, 10115 Berlin',
      shipTo,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.shipTo).toMatchObject({ line1: 'Dock 4', country: 'DE' });
    const plain = await call(owner, 'POST', '/company/addresses', {
      label: 'Old',
      address: '2 Dock Rd, Hamburg',
    });
    expect(plain.json().data.shipTo).toBeNull();
    const listed = (await call(owner, 'GET', '/company/addresses')).json().data;
    expect(listed.map((a: { shipTo: unknown }) => a.shipTo === null)).toEqual([false, true]);
    const wrong = await call(owner, 'POST', '/company/addresses', {
      label: 'Bad',
      address: 'Somewhere 1',
      shipTo: { ...shipTo, country: 'US', region: 'BE' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/region/);
  });
});
