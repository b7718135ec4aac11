import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';
import { createProduct } from '../../../test/order-helpers.ts';

const HEADER = 'sku,year_from,year_to,make,model,submodel,engine,position,note';

type Report = {
  added: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rejections: { line: number; reason: string }[];
  stopped: string | null;
};

/**
 * The test's own vehicle list (not the demo's): years with gaps, two engines told apart only by
 * their code, a displacement two engines share, a model of one year.
 */
const VEHICLES: [number, string, string, string, string][] = [
  [2014, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE'],
  [2015, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE'],
  [2015, 'Toyota', 'Corolla', '1.8L L4 Hybrid', '2ZR-FXE'],
  [2016, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE'],
  [2016, 'Toyota', 'Corolla', '1.8L L4 Hybrid', '2ZR-FXE'],
  // No 2017 Corolla in this list.
  [2018, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE'],
  [2018, 'Toyota', 'Corolla', '2.0L L4', 'M20A-FKS'],
  [2015, 'Toyota', 'Camry', '2.5L L4', '2AR-FE'],
  [2015, 'Toyota', 'Camry', '3.5L V6', '2GR-FE'],
  [2016, 'Toyota', 'Camry', '2.5L L4', '2AR-FE'],
  [2016, 'Toyota', 'Camry', '3.5L V6', '2GR-FE'],
  [2015, 'Honda', 'Civic', '1.8L L4', 'R18Z1'],
  [2016, 'Honda', 'Civic', '2.0L L4', ''],
  [2016, 'Ford', 'Focus', '2.0L L4', 'FWD-A'],
  [2016, 'Ford', 'Focus', '2.0L L4', 'FWD-B'],
  [2016, 'Ford', 'Focus', 'Electric', ''],
];

/** Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
describe('fitment CSV: POST /api/v1/fitment/import and GET /api/v1/fitment/export', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const customer = await signUp(app);
  for (const [year, make, model, engine, code] of VEHICLES)
    await app.db.execute(sql`insert into vehicles (year, make, model, engine, engine_code, fuel)
      values (${year}, ${make}, ${model}, ${engine}, ${code}, ${engine === 'Electric' ? 'electric' : 'gas'})`);
  await createProduct(app, { sku: 'BP-100', name: 'Brake Pads Front' });
  await createProduct(app, { sku: 'OF-200', name: 'Oil Filter' });
  const gone = await createProduct(app, { sku: 'OLD-1', name: 'Retired Part' });
  await app.db.execute(sql`update products set deleted_at = now() where id = ${gone.id}`);

  const importCsv = async (csv: string | Buffer, who = admin, accept = 'application/json') => {
    const form = multipartBody([
      { name: 'file', filename: 'fitment.csv', contentType: 'text/csv', content: csv },
    ]);
    return app.inject({
      method: 'POST',
      url: '/api/v1/fitment/import',
      headers: { ...form.headers, cookie: who.cookie, accept },
      payload: form.payload,
    });
  };
  const report = async (csv: string): Promise<Report> => {
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const exportCsv = async () => {
    const res = await app.inject({
      url: '/api/v1/fitment/export',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="fitment-/);
    return res.body;
  };
  /** Every stored fitment, readable: to compare before and after. */
  const stored = async () =>
    (
      await app.db.execute<{ row: string }>(sql`
        select concat_ws('|', p.sku, v.year, v.make, v.model, v.engine, v.engine_code, f.position, f.submodel, f.note) as row
        from fitments f join vehicles v on v.id = f.vehicle_id join products p on p.id = f.product_id
        order by 1`)
    ).rows.map((r) => r.row);
  const clear = () => app.db.execute(sql`delete from fitments`);

  it('expands a year range and an empty engine to every vehicle; re-importing changes nothing', async () => {
    await clear();
    const csv = `${HEADER}
bp-100,2014,2016,toyota,COROLLA,,,Front,Ceramic pads
OF-200,2015,,Toyota,Camry,,2GR-FE,,
`;
    expect(await report(csv)).toEqual({
      added: 2,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      rejections: [],
      stopped: null,
    });
    expect(await stored()).toEqual([
      'BP-100|2014|Toyota|Corolla|1.8L L4|2ZR-FE|front||Ceramic pads',
      'BP-100|2015|Toyota|Corolla|1.8L L4 Hybrid|2ZR-FXE|front||Ceramic pads',
      'BP-100|2015|Toyota|Corolla|1.8L L4|2ZR-FE|front||Ceramic pads',
      'BP-100|2016|Toyota|Corolla|1.8L L4 Hybrid|2ZR-FXE|front||Ceramic pads',
      'BP-100|2016|Toyota|Corolla|1.8L L4|2ZR-FE|front||Ceramic pads',
      'OF-200|2015|Toyota|Camry|3.5L V6|2GR-FE|||',
    ]);
    const before = await stored();
    expect(await report(csv)).toMatchObject({ added: 0, updated: 0, unchanged: 2, rejected: 0 });
    expect(await stored()).toEqual(before);

    // A new note is an update of the same fitments, nothing added.
    expect(
      await report(`${HEADER}\nBP-100,2014,2016,Toyota,Corolla,,,front,Low-dust ceramic\n`),
    ).toMatchObject({ added: 0, updated: 1, unchanged: 0 });
    expect((await stored()).filter((row) => row.endsWith('Low-dust ceramic'))).toHaveLength(5);
  });

  it('reads an engine by its label, its code or its displacement, case-insensitively', async () => {
    await clear();
    expect(
      await report(`${HEADER}
BP-100,2015,2016,Toyota,Corolla,,1.8l l4 hybrid,rear,
BP-100,2015,2016,Toyota,Camry,,2ar-fe,rear,
OF-200,2015,2016,Toyota,Corolla,,1.8 L,,
OF-200,2016,,Honda,Civic,Hatchback,2.0L,,
`),
    ).toMatchObject({ added: 4, rejected: 0 });
    expect(await stored()).toEqual([
      'BP-100|2015|Toyota|Camry|2.5L L4|2AR-FE|rear||',
      'BP-100|2015|Toyota|Corolla|1.8L L4 Hybrid|2ZR-FXE|rear||',
      'BP-100|2016|Toyota|Camry|2.5L L4|2AR-FE|rear||',
      'BP-100|2016|Toyota|Corolla|1.8L L4 Hybrid|2ZR-FXE|rear||',
      // "1.8 L" is both engines of the years.
      'OF-200|2015|Toyota|Corolla|1.8L L4 Hybrid|2ZR-FXE|||',
      'OF-200|2015|Toyota|Corolla|1.8L L4|2ZR-FE|||',
      'OF-200|2016|Honda|Civic|2.0L L4|||Hatchback|',
      'OF-200|2016|Toyota|Corolla|1.8L L4 Hybrid|2ZR-FXE|||',
      'OF-200|2016|Toyota|Corolla|1.8L L4|2ZR-FE|||',
    ]);
  });

  it('fits only the years a model has, and refuses a range with none', async () => {
    await clear();
    const result = await report(`${HEADER}
BP-100,2016,2018,Toyota,Corolla,,2ZR-FE,,
BP-100,2010,2012,Toyota,Corolla,,,,
`);
    expect(result).toMatchObject({ added: 1, rejected: 1 });
    expect(result.rejections).toEqual([
      {
        line: 3,
        reason:
          'years: there is no 2010–2012 Toyota Corolla (the vehicle list has it from 2014 to 2018)',
      },
    ]);
    expect(await stored()).toEqual([
      'BP-100|2016|Toyota|Corolla|1.8L L4|2ZR-FE|||',
      'BP-100|2018|Toyota|Corolla|1.8L L4|2ZR-FE|||',
    ]);
  });

  it('refuses each bad line with its number and reason, and imports the good ones', async () => {
    await clear();
    const long = 'n'.repeat(501);
    const result = await report(`${HEADER}
NOPE-1,2015,,Toyota,Corolla,,,,
OLD-1,2015,,Toyota,Corolla,,,,
BP-100,2015,,Tesla,Model 3,,,,
BP-100,2015,,Toyota,Supra,,,,
BP-100,2015,,Toyota,Camry,,2.0L,,
BP-100,2016,2014,Toyota,Corolla,,,,
BP-100,1949,1950,Toyota,Corolla,,,,
BP-100,2015,2031,Toyota,Corolla,,,,
BP-100,15,,Toyota,Corolla,,,,
BP-100,2015,,Toyota,Corolla,,,top,
BP-100,2015,,Toyota,Corolla,,,,${long}
BP-100,2015,,Toyota,Corolla,${'s'.repeat(101)},,,
BP-100,2015,,,Corolla,,,,
BP-100,2015,,Toyota,Corolla,,,,,extra
BP-100,2015,,Toyota,Corolla,,,front,Good
bp-100,2015,2015,TOYOTA,corolla,,,FRONT,Good twice
BP-100,2015,,Toyota,Corolla,,1.8L,front,Same vehicles again
BP-100,2015,,Toyota,Corolla,,1.8L L4,front,
`);
    expect(result).toMatchObject({
      added: 2,
      updated: 0,
      unchanged: 0,
      rejected: 16,
      stopped: null,
    });
    expect(result.rejections).toEqual([
      { line: 2, reason: 'sku: no product has the SKU NOPE-1' },
      { line: 3, reason: 'sku: no product has the SKU OLD-1' },
      { line: 4, reason: 'make: no vehicles of the make "Tesla"' },
      { line: 5, reason: 'model: Toyota has no model "Supra"' },
      {
        line: 6,
        reason:
          'engine: the 2015 Toyota Camry has no engine "2.0L" (its engines: 2.5L L4 (2AR-FE), 3.5L V6 (2GR-FE))',
      },
      {
        line: 7,
        reason:
          'year_from 2016 is after year_to 2014: a reversed range; write the earlier year first',
      },
      { line: 8, reason: 'year_from: from 1950 to 2030' },
      { line: 9, reason: 'year_to: from 1950 to 2030' },
      { line: 10, reason: 'year_from: a model year like 2015' },
      {
        line: 11,
        reason:
          'position: "top" is not a position (leave it empty, or one of front, rear, left, right, front left, front right, rear left, rear right)',
      },
      { line: 12, reason: 'note: at most 500 characters' },
      { line: 13, reason: 'submodel: at most 100 characters' },
      { line: 14, reason: 'make: required' },
      { line: 15, reason: 'has 10 cells; the header has 9' },
      {
        line: 17,
        reason: 'duplicate of line 16: it names the same fitments; nothing changed',
      },
      {
        line: 18,
        reason: 'duplicate of line 16: it names the same fitments; nothing changed',
      },
    ]);
    // The duplicates changed nothing: the first line's note stays. Line 19 is one engine only.
    expect(await stored()).toEqual([
      'BP-100|2015|Toyota|Corolla|1.8L L4 Hybrid|2ZR-FXE|front||Good',
      'BP-100|2015|Toyota|Corolla|1.8L L4|2ZR-FE|front||',
    ]);
  });

  it('takes the columns in any order, and leaves out the optional ones', async () => {
    await clear();
    expect(await report('model,make,year_from,sku\nCamry,Toyota,2016,OF-200\n')).toMatchObject({
      added: 1,
      rejected: 0,
    });
    expect(await stored()).toEqual([
      'OF-200|2016|Toyota|Camry|2.5L L4|2AR-FE|||',
      'OF-200|2016|Toyota|Camry|3.5L V6|2GR-FE|||',
    ]);
  });

  it('exports merged year ranges that import back to exactly the stored rows', async () => {
    await clear();
    await report(`${HEADER}
BP-100,2014,2018,Toyota,Corolla,,,front,Ceramic
BP-100,2015,2016,Toyota,Camry,,3.5L,front,
BP-100,2016,,Toyota,Camry,,2.5L,front,
BP-100,2016,,Ford,Focus,,FWD-B,,"Quoted, with a comma"
OF-200,2015,2016,Toyota,Corolla,,2ZR-FXE,,
OF-200,2016,,Ford,Focus,,2.0L L4,rear left,
OF-200,2015,2016,Honda,Civic,Sport,,,
`);
    const before = await stored();
    const csv = await exportCsv();
    expect(csv.trimEnd().split('\n')).toEqual([
      HEADER,
      // Every engine of each year: the engine cell is empty, and 2014–2016 and 2018 are two runs.
      'BP-100,2016,2016,Ford,Focus,,FWD-B,,"Quoted, with a comma"',
      'BP-100,2015,2015,Toyota,Camry,,3.5L V6,front,',
      'BP-100,2016,2016,Toyota,Camry,,,front,',
      'BP-100,2014,2016,Toyota,Corolla,,,front,Ceramic',
      'BP-100,2018,2018,Toyota,Corolla,,,front,Ceramic',
      // Both 2.0L engines but not the electric one: the label names the two.
      'OF-200,2016,2016,Ford,Focus,,2.0L L4,rear left,',
      'OF-200,2015,2016,Honda,Civic,Sport,,,',
      'OF-200,2015,2016,Toyota,Corolla,,1.8L L4 Hybrid,,',
    ]);
    expect(await report(csv)).toMatchObject({ added: 0, updated: 0, rejected: 0, unchanged: 8 });
    await clear();
    expect(await report(csv)).toMatchObject({ added: 8, updated: 0, rejected: 0 });
    expect(await stored()).toEqual(before);
  });

  it('writes an engine code where the label names two engines of the year', async () => {
    await clear();
    await report(`${HEADER}\nOF-200,2016,,Ford,Focus,,fwd-a,,\n`);
    const csv = await exportCsv();
    expect(csv.trimEnd().split('\n')).toEqual([HEADER, 'OF-200,2016,2016,Ford,Focus,,FWD-A,,']);
    const before = await stored();
    await clear();
    await report(csv);
    expect(await stored()).toEqual(before);
  });

  it('keeps the later line’s note where two lines of a file name the same fitment', async () => {
    await clear();
    const csv = `${HEADER}
BP-100,2014,2015,Toyota,Corolla,,2ZR-FE,front,first
BP-100,2015,2016,Toyota,Corolla,,2ZR-FE,front,second
`;
    expect(await report(csv)).toMatchObject({ added: 2, rejected: 0 });
    expect(await stored()).toEqual([
      'BP-100|2014|Toyota|Corolla|1.8L L4|2ZR-FE|front||first',
      'BP-100|2015|Toyota|Corolla|1.8L L4|2ZR-FE|front||second',
      'BP-100|2016|Toyota|Corolla|1.8L L4|2ZR-FE|front||second',
    ]);
  });

  it('refuses a file that is not a fitment CSV with a 4xx, never a 5xx', async () => {
    const cases: [string | Buffer, RegExp][] = [
      ['sku,year_from,make,model,colour\nX,2015,Toyota,Corolla,red\n', /Unknown column "colour"/],
      ['sku,name,price\nX,Part,1\n', /Unknown column "name"/],
      ['sku,year_from,make\nX,2015,Toyota\n', /needs the columns model/],
      ['sku,year_from,make,model,make\n', /make is in the header twice/],
      ['', /empty/],
      [randomBytes(10 * 1024 * 1024), /./],
      [`${'x'.repeat(100 * 1024)}\n`, /longer than 64 KB|header/],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(csv);
      expect(res.statusCode, String(csv).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    const notMultipart = await app.inject({
      method: 'POST',
      url: '/api/v1/fitment/import',
      headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
      payload: `${HEADER}\n`,
    });
    expect(notMultipart.statusCode).toBe(415);
    // An unknown query parameter is refused, in the catalog export's words (issue 31).
    for (const url of ['/api/v1/fitment/export?all=1', '/api/v1/catalog/export.csv?all=1']) {
      const query = await app.inject({ url, headers: { cookie: admin.cookie } });
      expect(query.statusCode, url).toBe(400);
      expect(query.json(), url).toEqual({
        success: false,
        message: 'querystring: Unrecognized key: "all"',
      });
    }
  });

  it('stops at a line of 100 KB and says so, keeping the lines before it', async () => {
    await clear();
    const result = await report(`${HEADER}
BP-100,2015,,Toyota,Camry,,,,
BP-100,2016,,Toyota,Camry,,,,${'x'.repeat(100 * 1024)}
OF-200,2015,,Toyota,Camry,,,,
`);
    expect(result).toMatchObject({ added: 1, rejected: 1 });
    expect(result.stopped).toBe('Line 3 is longer than 64 KB: the import stopped there');
    expect(await stored()).toHaveLength(2);
  });

  it('stops at a stray quote inside a cell (csv-parse INVALID_OPENING_QUOTE), never a 500', async () => {
    await clear();
    const result = await report(`${HEADER}
BP-100,2015,,Toyota,Camry,,,,
BP-100,2016,,Toyota,Ca"mry,,,,
`);
    expect(result).toMatchObject({ added: 1, rejected: 1 });
    expect(result.stopped).toMatch(/^Line 3 is not CSV we can read .*: the import stopped there$/);
    const first = await importCsv('a"b\n');
    expect(first.statusCode).toBe(400);
  });

  it('tells its progress batch by batch when asked (the admin page’s progress bar)', async () => {
    await clear();
    const lines = Array.from(
      { length: 2500 },
      (_, i) => `BP-100,2015,,Toyota,Corolla,Trim ${i},,,`,
    );
    const res = await importCsv(`${HEADER}\n${lines.join('\n')}\n`, admin, 'application/x-ndjson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const answers = res.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answers.slice(0, -1).map((a) => a.progress.lines)).toEqual([1000, 2000, 2500]);
    expect(answers.at(-1)).toMatchObject({ success: true, data: { added: 2500, rejected: 0 } });
    expect(await stored()).toHaveLength(5000);
  });

  it('tells caches that fitment changed (the change feed)', async () => {
    await clear();
    const heard: string[] = [];
    app.changes.subscribe((table) => heard.push(table));
    await report(`${HEADER}\nOF-200,2018,,Toyota,Corolla,,,,\n`);
    await expect.poll(() => heard).toContain('fitments');
  });

  it('is for admins only', async () => {
    const visitor = await app.inject({ method: 'POST', url: '/api/v1/fitment/import' });
    expect(visitor.statusCode).toBe(401);
    expect((await importCsv(`${HEADER}\n`, customer)).statusCode).toBe(403);
    const exported = await app.inject({
      url: '/api/v1/fitment/export',
      headers: { cookie: customer.cookie },
    });
    expect(exported.statusCode).toBe(403);
  });
});
