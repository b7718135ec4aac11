import { fitmentMessages } from '@proper-parts/domain/fitment';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';
import { fit, insertFleet } from './fitment-fixtures.ts';

/** Quick order with a vehicle (issue 20). Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('quick order: does each part fit the vehicle (issue 20)', async () => {
  const app = await buildTestApp();
  const fleet = await insertFleet(app);
  const fe = fleet.id('2015 Toyota Corolla 2ZR-FE');
  const fae = fleet.id('2015 Toyota Corolla 2ZR-FAE');
  const made = (sku: string) =>
    createProduct(app, { sku, name: sku, minimumOrderQuantity: 1, availableQuantity: 50 });
  const filter = await made('QO-FILTER-FE');
  await fit(app, filter.id, [fe]);
  const pads = await made('QO-PADS');
  await fit(app, pads.id, [fe, fae], { position: 'front' });
  await fit(app, pads.id, [fe], { position: 'rear' });
  await made('QO-TOWEL');
  const buyer = await signUp(app);
  const text = 'QO-FILTER-FE 2\nQO-PADS 1\nQO-TOWEL 3\nQO-NOTHING 1\n,,\nQO-PADS;2';

  const quickOrder = (body: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/cart/quick-order',
      headers: { cookie: buyer.cookie },
      payload: body,
    });
  const fitsOf = async (vehicle: number) => {
    const res = await quickOrder({ text, vehicle });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.lines as { input: string; fits: boolean | null }[]).map((line) => [
      line.input,
      line.fits,
    ]);
  };

  it('fits: true, false, or null for a part without fitment data and a line without a part', async () => {
    expect(await fitsOf(fe)).toEqual([
      ['QO-FILTER-FE 2', true],
      ['QO-PADS 1', true],
      ['QO-TOWEL 3', null],
      ['QO-NOTHING 1', null],
      ['QO-PADS;2', true],
    ]);
    // The filter is for the 2ZR-FE only; the pads fit both engines.
    expect(await fitsOf(fae)).toEqual([
      ['QO-FILTER-FE 2', false],
      ['QO-PADS 1', true],
      ['QO-TOWEL 3', null],
      ['QO-NOTHING 1', null],
      ['QO-PADS;2', true],
    ]);
    expect((await fitsOf(fleet.id('2016 Honda Civic K20C2'))).map(([, fits]) => fits)).toEqual([
      false,
      false,
      null,
      null,
      false,
    ]);
  });

  it('without a vehicle the answer is as before: no `fits`', async () => {
    const res = await quickOrder({ text });
    expect(res.statusCode).toBe(200);
    for (const line of res.json().data.lines) expect(line).not.toHaveProperty('fits');
  });

  it('a part that does not fit is still added: the answer warns, the buyer decides', async () => {
    const res = await quickOrder({ text: 'QO-FILTER-FE 2', vehicle: fae, add: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lines[0]).toMatchObject({ status: 'ok', fits: false });
    expect(res.json().message).toMatch(/^1 part added/);
  });

  it('an unknown vehicle is 404; junk is 400', async () => {
    const unknown = await quickOrder({ text, vehicle: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(fitmentMessages.vehicleNotFound);
    for (const vehicle of ['abc', -1, 0, 1.5, 2 ** 40, 'x'.repeat(10_000)]) {
      const res = await quickOrder({ text, vehicle });
      expect(res.statusCode, String(vehicle).slice(0, 20)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});
