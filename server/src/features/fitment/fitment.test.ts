import { fitmentMessages } from '@proper-parts/domain/fitment';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper.ts';
import { fit, insertFleet, part, range } from './fitment-fixtures.ts';

interface Application {
  make: string;
  model: string;
  engine: string;
  engineCode: string;
  yearFrom: number;
  yearTo: number;
  position: string;
  submodel: string;
  note: string;
}

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('vehicle selector and product fitment (issue 20)', async () => {
  const app = await buildTestApp();
  const fleet = await insertFleet(app);
  const v = fleet.id;
  const corollaFE = (years: number[]) => years.map((y) => v(`${y} Toyota Corolla 2ZR-FE`));

  // An oil filter for the 2ZR-FE only, 2010–2012 and 2014–2016 (2013 left out: a gap).
  const filter = await part(app, 'Oil filter');
  await fit(app, filter.id, corollaFE([2010, 2011, 2012, 2014, 2015, 2016]));
  // Front pads and rear pads: every 2015 Corolla engine, one position each.
  const frontPads = await part(app, 'Front brake pads');
  await fit(
    app,
    frontPads.id,
    [v('2015 Toyota Corolla 2ZR-FE'), v('2015 Toyota Corolla 2ZR-FAE')],
    {
      position: 'front',
    },
  );
  const rearPads = await part(app, 'Rear brake pads');
  await fit(app, rearPads.id, [v('2015 Toyota Corolla 2ZR-FE'), v('2015 Toyota Corolla 2ZR-FAE')], {
    position: 'rear',
  });
  // A hub: both front sides, and a submodel with a note.
  const hub = await part(app, 'Wheel hub');
  await fit(app, hub.id, [v('2015 Toyota Corolla 2ZR-FE')], { position: 'front left' });
  await fit(app, hub.id, [v('2015 Toyota Corolla 2ZR-FE')], { position: 'front right' });
  await fit(app, hub.id, [v('2015 Toyota Corolla 2ZR-FE')], {
    position: 'front right',
    submodel: 'LE',
    note: 'With ABS',
  });
  // A part on every vehicle, at two positions and with notes per make: many applications.
  const wide = await part(app, 'Wiper blade');
  await fit(app, wide.id, fleet.all, { position: 'front' });
  await fit(app, wide.id, fleet.all, { position: 'rear', note: 'Hatchback only' });
  const noFitment = await part(app, 'Shop towel');
  const deleted = await part(app, 'Discontinued filter');
  await fit(app, deleted.id, corollaFE([2015]));
  await app.db.execute(sql`update products set deleted_at = now() where id = ${deleted.id}::uuid`);

  const get = async (url: string) => {
    const res = await app.inject({ url: `/api/v1${url}` });
    return { status: res.statusCode, body: res.json() };
  };
  const data = async (url: string) => {
    const { status, body } = await get(url);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const fitment = (slug: string, query = '') =>
    data(`/catalog/products/${slug}/fitment${query ? `?${query}` : ''}`);
  /** Every application of a product, page by page. */
  const allApplications = async (slug: string, limit: number) => {
    const seen: Application[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const result: { applications: Application[]; nextCursor: string | null } = await fitment(
        slug,
        `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...result.applications);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return seen;
  };

  describe('the selector lists only what exists', () => {
    it('years: newest first, only years that have a vehicle', async () => {
      expect(await data('/vehicles/years')).toEqual(range(2010, 2019).reverse());
    });

    it('makes of a year, A–Z', async () => {
      expect(await data('/vehicles/makes?year=2015')).toEqual(['Honda', 'Toyota']);
      expect(await data('/vehicles/makes?year=2010')).toEqual(['Toyota']);
      expect(await data('/vehicles/makes?year=2030')).toEqual([]);
    });

    it('models of a year and make, A–Z', async () => {
      expect(await data('/vehicles/models?year=2015&make=Toyota')).toEqual(['Camry', 'Corolla']);
      expect(await data('/vehicles/models?year=2018&make=Toyota')).toEqual(['Corolla']);
      expect(await data('/vehicles/models?year=2010&make=Honda')).toEqual([]);
    });

    it('engines of a year, make and model: the vehicles themselves', async () => {
      const engines = await data('/vehicles/engines?year=2015&make=Toyota&model=Corolla');
      expect(engines).toEqual([
        {
          id: v('2015 Toyota Corolla 2ZR-FAE'),
          year: 2015,
          make: 'Toyota',
          model: 'Corolla',
          engine: '1.8L L4',
          engineCode: '2ZR-FAE',
          fuel: 'gas',
        },
        expect.objectContaining({ id: v('2015 Toyota Corolla 2ZR-FE'), engineCode: '2ZR-FE' }),
      ]);
      expect(await data('/vehicles/engines?year=2017&make=Toyota&model=Corolla')).toEqual([
        expect.objectContaining({ engineCode: '2ZR-FE' }),
      ]);
      expect(await data('/vehicles/engines?year=2015&make=Honda&model=Corolla')).toEqual([]);
    });

    it('one vehicle by id; an unknown one is 404 with its message', async () => {
      expect(await data(`/vehicles/${v('2016 Honda Civic K20C2')}`)).toMatchObject({
        year: 2016,
        make: 'Honda',
        model: 'Civic',
        engine: '2.0L L4',
      });
      const missing = await get('/vehicles/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: fitmentMessages.vehicleNotFound });
    });
  });

  describe('the fit check', () => {
    it('an engine-specific part fits that engine only, and only in its years', async () => {
      const fe = await fitment(filter.slug, `vehicle=${v('2015 Toyota Corolla 2ZR-FE')}`);
      expect(fe.hasFitment).toBe(true);
      expect(fe.check).toMatchObject({
        vehicle: { id: v('2015 Toyota Corolla 2ZR-FE'), engineCode: '2ZR-FE' },
        fits: true,
        positions: [{ position: '', submodel: '', note: '' }],
      });
      const fae = await fitment(filter.slug, `vehicle=${v('2015 Toyota Corolla 2ZR-FAE')}`);
      expect(fae.check).toMatchObject({ fits: false, positions: [] });
      const gap = await fitment(filter.slug, `vehicle=${v('2013 Toyota Corolla 2ZR-FE')}`);
      expect(gap.check.fits).toBe(false);
      const civic = await fitment(filter.slug, `vehicle=${v('2015 Honda Civic R18Z1')}`);
      expect(civic.check.fits).toBe(false);
    });

    it('front pads fit at the front, rear pads at the rear, on either engine', async () => {
      for (const code of ['2ZR-FE', '2ZR-FAE']) {
        const vehicle = v(`2015 Toyota Corolla ${code}`);
        const front = await fitment(frontPads.slug, `vehicle=${vehicle}`);
        expect(front.check.positions).toEqual([{ position: 'front', submodel: '', note: '' }]);
        const rear = await fitment(rearPads.slug, `vehicle=${vehicle}`);
        expect(rear.check.positions).toEqual([{ position: 'rear', submodel: '', note: '' }]);
      }
      const camry = await fitment(frontPads.slug, `vehicle=${v('2015 Toyota Camry 2AR-FE')}`);
      expect(camry.check).toMatchObject({ fits: false, positions: [] });
    });

    it('every way a part fits a vehicle is named: positions, submodel and note', async () => {
      const hubCheck = await fitment(hub.slug, `vehicle=${v('2015 Toyota Corolla 2ZR-FE')}`);
      expect(hubCheck.check.positions).toEqual([
        { position: 'front left', submodel: '', note: '' },
        { position: 'front right', submodel: '', note: '' },
        { position: 'front right', submodel: 'LE', note: 'With ABS' },
      ]);
    });

    it('without a vehicle there is no check; a part without fitment data says so', async () => {
      expect((await fitment(filter.slug)).check).toBeNull();
      expect(await fitment(noFitment.slug, `vehicle=${v('2015 Toyota Corolla 2ZR-FE')}`)).toEqual({
        hasFitment: false,
        check: null,
        applications: [],
        nextCursor: null,
      });
    });

    it('404 for an unknown or deleted product and for an unknown vehicle', async () => {
      expect((await get('/catalog/products/no-such-part/fitment')).status).toBe(404);
      expect((await get(`/catalog/products/${deleted.slug}/fitment`)).status).toBe(404);
      expect((await get(`/catalog/products/${deleted.id}/fitment`)).status).toBe(404);
      const unknown = await get(`/catalog/products/${filter.slug}/fitment?vehicle=999999`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(fitmentMessages.vehicleNotFound);
    });

    it('a product is found by its id too', async () => {
      expect((await fitment(filter.id)).hasFitment).toBe(true);
    });
  });

  describe('applications', () => {
    it('consecutive years merge into one line; a gap splits it', async () => {
      const { applications, nextCursor } = await fitment(filter.slug);
      expect(nextCursor).toBeNull();
      const line = {
        make: 'Toyota',
        model: 'Corolla',
        engine: '1.8L L4',
        engineCode: '2ZR-FE',
        position: '',
        submodel: '',
        note: '',
      };
      expect(applications).toEqual([
        { ...line, yearFrom: 2010, yearTo: 2012 },
        { ...line, yearFrom: 2014, yearTo: 2016 },
      ]);
    });

    it('a position, a submodel or a note makes its own line', async () => {
      const { applications } = await fitment(hub.slug);
      expect(applications.map((a: Application) => [a.position, a.submodel, a.note])).toEqual([
        ['front left', '', ''],
        ['front right', '', ''],
        ['front right', 'LE', 'With ABS'],
      ]);
    });

    it('ordered by make, model, engine and first year', async () => {
      const everything = await allApplications(wide.slug, 200);
      const key = (a: Application) => [a.make, a.model, a.engine, a.yearFrom];
      const sorted = [...everything].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        for (let i = 0; i < x.length; i++) {
          const [p, q] = [x[i] as string | number, y[i] as string | number];
          if (p < q) return -1;
          if (p > q) return 1;
        }
        return 0;
      });
      expect(everything.map(key)).toEqual(sorted.map(key));
      // 5 configurations (Corolla FE, FAE, Camry, Civic ×2) × 2 positions, years merged.
      expect(everything).toHaveLength(10);
      expect(everything.slice(0, 2)).toEqual([
        expect.objectContaining({
          make: 'Honda',
          engineCode: 'R18Z1',
          yearFrom: 2012,
          yearTo: 2015,
          position: 'front',
        }),
        expect.objectContaining({
          make: 'Honda',
          engineCode: 'R18Z1',
          position: 'rear',
          note: 'Hatchback only',
        }),
      ]);
    });

    it('pages of any size give every application once, in order', async () => {
      const whole = await allApplications(wide.slug, 200);
      for (const limit of [1, 2, 3, 7])
        expect(await allApplications(wide.slug, limit)).toEqual(whole);
    });

    it('a forged cursor is refused with 400', async () => {
      const { nextCursor } = await fitment(wide.slug, 'limit=2');
      const forged = [
        'abc',
        Buffer.from('[1,"front"]').toString('base64url'),
        Buffer.from('[-1,"front","00123456789abcdef0123456789abcdef"]').toString('base64url'),
        Buffer.from('[1,"top","00123456789abcdef0123456789abcdef"]').toString('base64url'),
        Buffer.from('[1,"front","x\' or 1=1 --"]').toString('base64url'),
        Buffer.from('[999999,"front","00123456789abcdef0123456789abcdef"]').toString('base64url'),
        String(nextCursor).slice(0, -3),
        'x'.repeat(501),
      ];
      for (const cursor of forged) {
        const res = await get(
          `/catalog/products/${wide.slug}/fitment?cursor=${encodeURIComponent(cursor)}`,
        );
        expect(res.status, cursor).toBe(400);
        expect(res.body.success).toBe(false);
      }
    });
  });

  describe('junk input is a 400, never a 500', () => {
    it.each(
      [
        '/vehicles/makes',
        '/vehicles/makes?year=abc',
        '/vehicles/makes?year=1800',
        '/vehicles/makes?year=99999999999999999999',
        '/vehicles/makes?year=2015.5',
        '/vehicles/models?year=2015',
        `/vehicles/models?year=2015&make=${'x'.repeat(10_000)}`,
        '/vehicles/models?year=2015&make=',
        `/vehicles/engines?year=2015&make=Toyota&model=${'y'.repeat(10_000)}`,
        '/vehicles/abc',
        '/vehicles/-1',
        '/vehicles/0',
        '/vehicles/1.5',
        '/vehicles/99999999999',
        '/catalog/products/oil/fitment?vehicle=abc',
        '/catalog/products/oil/fitment?vehicle=-3',
        '/catalog/products/oil/fitment?vehicle=0',
        '/catalog/products/oil/fitment?limit=0',
        '/catalog/products/oil/fitment?limit=1000',
        '/catalog/search?vehicle=abc',
        '/catalog/search?vehicle=-1',
        '/catalog/search?vehicle=1e99',
      ].map((url) => [
        url.length > 100 ? `${url.slice(0, 50)}… (${url.length} characters)` : url,
        url,
      ]),
    )('%s', async (_label, url) => {
      const { status, body } = await get(url);
      expect(status, url.slice(0, 80)).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toEqual(expect.any(String));
    });

    it('a make with odd characters is only a make no vehicle has', async () => {
      for (const make of ["Toyota' or '1'='1", 'Toyota%', '🚗', 'Toyota\\']) {
        expect(await data(`/vehicles/models?year=2015&make=${encodeURIComponent(make)}`)).toEqual(
          [],
        );
      }
    });
  });
});
