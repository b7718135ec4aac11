import { fitmentMessages, GARAGE_MAX } from '@proper-parts/domain/fitment';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { insertFleet } from './fitment-fixtures.ts';

interface GarageVehicle {
  id: number;
  year: number;
  make: string;
  current: boolean;
}

/** "My garage" (issue 20). Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('the garage (issue 20)', async () => {
  const app = await buildTestApp();
  const fleet = await insertFleet(app);
  const v = fleet.id;
  const corolla = v('2015 Toyota Corolla 2ZR-FE');
  const civic = v('2016 Honda Civic K20C2');
  const camry = v('2016 Toyota Camry 2AR-FE');

  const call = async (
    who: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who ? { cookie: who.cookie } : {},
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const garageOf = async (who: TestUser): Promise<GarageVehicle[]> => {
    const { status, body } = await call(who, 'GET', '/garage');
    expect(status).toBe(200);
    return body.data.vehicles;
  };
  const ids = (vehicles: GarageVehicle[]) => vehicles.map((x) => x.id);
  const currentOf = (vehicles: GarageVehicle[]) =>
    vehicles.filter((x) => x.current).map((x) => x.id);

  it('a visitor has no garage: 401 on every route', async () => {
    for (const [method, url, body] of [
      ['GET', '/garage'],
      ['POST', '/garage', { vehicleId: corolla }],
      ['PUT', '/garage/current', { vehicleId: corolla }],
      ['DELETE', `/garage/${corolla}`],
      ['POST', '/garage/merge', { vehicleIds: [corolla] }],
    ] as const) {
      const res = await call(null, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });

  it('add: the vehicle just chosen becomes current, the newest first', async () => {
    const user = await signUp(app);
    expect(await garageOf(user)).toEqual([]);
    const first = await call(user, 'POST', '/garage', { vehicleId: corolla });
    expect(first.status).toBe(200);
    expect(first.body.data.vehicles).toEqual([
      {
        id: corolla,
        year: 2015,
        make: 'Toyota',
        model: 'Corolla',
        engine: '1.8L L4',
        engineCode: '2ZR-FE',
        fuel: 'gas',
        current: true,
      },
    ]);
    await call(user, 'POST', '/garage', { vehicleId: civic });
    const garage = await garageOf(user);
    expect(ids(garage)).toEqual([civic, corolla]);
    expect(currentOf(garage)).toEqual([civic]);
    // `current: false` keeps the current one; adding again changes nothing but the flag asked.
    await call(user, 'POST', '/garage', { vehicleId: camry, current: false });
    expect(currentOf(await garageOf(user))).toEqual([civic]);
    await call(user, 'POST', '/garage', { vehicleId: corolla, current: false });
    expect(ids(await garageOf(user))).toEqual([camry, civic, corolla]);
    await call(user, 'POST', '/garage', { vehicleId: corolla });
    expect(currentOf(await garageOf(user))).toEqual([corolla]);
    expect(await garageOf(user)).toHaveLength(3);
  });

  it('an unknown vehicle is 404', async () => {
    const user = await signUp(app);
    const res = await call(user, 'POST', '/garage', { vehicleId: 999_999 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(fitmentMessages.vehicleNotFound);
  });

  it('current switching: one current vehicle at a time', async () => {
    const user = await signUp(app);
    for (const id of [corolla, civic, camry])
      await call(user, 'POST', '/garage', { vehicleId: id, current: false });
    expect(currentOf(await garageOf(user))).toEqual([]);
    for (const id of [civic, corolla, corolla, camry]) {
      const res = await call(user, 'PUT', '/garage/current', { vehicleId: id });
      expect(res.status).toBe(200);
      expect(currentOf(res.body.data.vehicles)).toEqual([id]);
    }
    const outside = await call(user, 'PUT', '/garage/current', {
      vehicleId: v('2010 Toyota Corolla 2ZR-FE'),
    });
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe(fitmentMessages.notInGarage);
    expect(currentOf(await garageOf(user))).toEqual([camry]);
  });

  it('remove: removing the current vehicle leaves none current', async () => {
    const user = await signUp(app);
    await call(user, 'POST', '/garage', { vehicleId: corolla });
    await call(user, 'POST', '/garage', { vehicleId: civic });
    const removed = await call(user, 'DELETE', `/garage/${civic}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data.vehicles).toEqual([
      expect.objectContaining({ id: corolla, current: false }),
    ]);
    const again = await call(user, 'DELETE', `/garage/${civic}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(fitmentMessages.notInGarage);
  });

  it(`holds at most ${GARAGE_MAX} vehicles: the next is 409 with the message`, async () => {
    const user = await signUp(app);
    expect(fleet.all.length).toBeGreaterThan(GARAGE_MAX);
    for (const id of fleet.all.slice(0, GARAGE_MAX))
      expect((await call(user, 'POST', '/garage', { vehicleId: id })).status).toBe(200);
    const full = await call(user, 'POST', '/garage', { vehicleId: fleet.all[GARAGE_MAX] });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ success: false, message: fitmentMessages.garageFull });
    // One already there is still fine: made current, nothing added.
    const held = fleet.all[0] as number;
    const again = await call(user, 'POST', '/garage', { vehicleId: held });
    expect(again.status).toBe(200);
    expect(again.body.data.vehicles).toHaveLength(GARAGE_MAX);
    expect(currentOf(again.body.data.vehicles)).toEqual([held]);
  });

  it('two adds at once never pass the maximum', async () => {
    const user = await signUp(app);
    for (const id of fleet.all.slice(0, GARAGE_MAX - 1))
      await call(user, 'POST', '/garage', { vehicleId: id, current: false });
    const racing = fleet.all.slice(GARAGE_MAX - 1, GARAGE_MAX + 2);
    const answers = await Promise.all(
      racing.map((id) => call(user, 'POST', '/garage', { vehicleId: id })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const garage = await garageOf(user);
    expect(garage).toHaveLength(GARAGE_MAX);
    expect(currentOf(garage)).toHaveLength(1);
  });

  it('two current switches at once leave one current vehicle', async () => {
    const user = await signUp(app);
    for (const id of fleet.all.slice(0, 6))
      await call(user, 'POST', '/garage', { vehicleId: id, current: false });
    const answers = await Promise.all(
      fleet.all.slice(0, 6).map((id) => call(user, 'PUT', '/garage/current', { vehicleId: id })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(currentOf(await garageOf(user))).toHaveLength(1);
  });

  describe('merge on sign-in', () => {
    it('adds what is new, keeps what is there, drops unknown ids; a retry changes nothing', async () => {
      const user = await signUp(app);
      await call(user, 'POST', '/garage', { vehicleId: corolla });
      const body = { vehicleIds: [civic, 999_999, corolla, camry, civic], currentId: civic };
      const merged = await call(user, 'POST', '/garage/merge', body);
      expect(merged.status).toBe(200);
      const garage = merged.body.data.vehicles as GarageVehicle[];
      expect(new Set(ids(garage))).toEqual(new Set([corolla, civic, camry]));
      expect(garage).toHaveLength(3);
      expect(currentOf(garage)).toEqual([civic]);
      const retried = await call(user, 'POST', '/garage/merge', body);
      expect(retried.body.data.vehicles).toEqual(garage);
    });

    it('without a current id, the account keeps its current vehicle', async () => {
      const user = await signUp(app);
      await call(user, 'POST', '/garage', { vehicleId: corolla });
      const merged = await call(user, 'POST', '/garage/merge', { vehicleIds: [civic] });
      expect(currentOf(merged.body.data.vehicles)).toEqual([corolla]);
      // A current id the garage does not hold (unknown) is dropped too.
      const unknown = await call(user, 'POST', '/garage/merge', {
        vehicleIds: [],
        currentId: 999_999,
      });
      expect(unknown.status).toBe(200);
      expect(currentOf(unknown.body.data.vehicles)).toEqual([corolla]);
    });

    it(`stops at ${GARAGE_MAX}`, async () => {
      const user = await signUp(app);
      for (const id of fleet.all.slice(0, GARAGE_MAX - 2))
        await call(user, 'POST', '/garage', { vehicleId: id });
      const merged = await call(user, 'POST', '/garage/merge', {
        vehicleIds: fleet.all.slice(GARAGE_MAX - 2),
        currentId: fleet.all.at(-1),
      });
      expect(merged.status).toBe(200);
      const garage = merged.body.data.vehicles as GarageVehicle[];
      expect(garage).toHaveLength(GARAGE_MAX);
      // The first two of the merged list made it, in their order (the first is the newest).
      expect(ids(garage).slice(0, 2)).toEqual(fleet.all.slice(GARAGE_MAX - 2, GARAGE_MAX));
      // The current id did not fit: the account's current vehicle stays.
      expect(currentOf(garage)).toEqual([fleet.all[GARAGE_MAX - 3]]);
    });
  });

  it("each garage is its user's own: B cannot see or change A's", async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    await call(a, 'POST', '/garage', { vehicleId: corolla });
    await call(a, 'POST', '/garage', { vehicleId: civic, current: false });
    const before = await garageOf(a);
    expect(await garageOf(b)).toEqual([]);
    expect((await call(b, 'DELETE', `/garage/${corolla}`)).status).toBe(404);
    expect((await call(b, 'PUT', '/garage/current', { vehicleId: civic })).status).toBe(404);
    await call(b, 'POST', '/garage', { vehicleId: civic });
    await call(b, 'POST', '/garage/merge', { vehicleIds: [corolla], currentId: corolla });
    expect(await garageOf(a)).toEqual(before);
    expect(currentOf(await garageOf(b))).toEqual([corolla]);
  });

  it('an admin has a garage too (it is personal)', async () => {
    const admin = await signUpAdmin(app);
    expect((await call(admin, 'POST', '/garage', { vehicleId: corolla })).status).toBe(200);
    expect(ids(await garageOf(admin))).toEqual([corolla]);
  });

  it('a vehicle deleted from the list leaves the garages that held it', async () => {
    const user = await signUp(app);
    const [row] = (
      await app.db.execute(sql`insert into vehicles (year, make, model, engine, fuel)
        values (2001, 'Saab', '9-3', '2.0L L4', 'gas') returning id`)
    ).rows as { id: number }[];
    const saab = Number(row?.id);
    await call(user, 'POST', '/garage', { vehicleId: saab });
    await app.db.execute(sql`delete from vehicles where id = ${saab}`);
    expect(await garageOf(user)).toEqual([]);
  });

  describe('junk input is a 400, never a 500', () => {
    const junk: [string, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['vehicleId abc', 'POST', '/garage', { vehicleId: 'abc' }],
      ['vehicleId negative', 'POST', '/garage', { vehicleId: -1 }],
      ['vehicleId zero', 'POST', '/garage', { vehicleId: 0 }],
      ['vehicleId fraction', 'POST', '/garage', { vehicleId: 1.5 }],
      ['vehicleId too large', 'POST', '/garage', { vehicleId: 2 ** 40 }],
      ['vehicleId missing', 'POST', '/garage', {}],
      ['current not a boolean', 'POST', '/garage', { vehicleId: corolla, current: 'maybe' }],
      ['current: a negative id', 'PUT', '/garage/current', { vehicleId: -5 }],
      ['current: 10 KB', 'PUT', '/garage/current', { vehicleId: 'x'.repeat(10_000) }],
      ['delete abc', 'DELETE', '/garage/abc', undefined],
      ['delete negative', 'DELETE', '/garage/-1', undefined],
      ['merge not a list', 'POST', '/garage/merge', { vehicleIds: 'abc' }],
      ['merge negative ids', 'POST', '/garage/merge', { vehicleIds: [-1, 2] }],
      [
        'merge too many',
        'POST',
        '/garage/merge',
        { vehicleIds: Array.from({ length: GARAGE_MAX + 1 }, (_, i) => i + 1) },
      ],
      ['merge a bad current', 'POST', '/garage/merge', { vehicleIds: [], currentId: 'abc' }],
    ];
    let user: TestUser | undefined;
    it.each(junk)('%s', async (_label, method, url, payload) => {
      user ??= await signUp(app);
      const res = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { cookie: user.cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(await garageOf(user)).toEqual([]);
    });
  });
});
