import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/image-fixtures.ts';
import { createProduct } from '../../../test/order-helpers.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';

type Entry = { id: string; summary: string; after: Record<string, unknown> };

/**
 * Issue 31: an import's audit entry is written when it starts and kept up to date as its batches
 * commit, so a process killed mid-file leaves an entry with what it committed. Both databases.
 */
describe('the audit entry of a CSV import', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  await createProduct(app, { sku: 'FIT-1', name: 'Fitted Part' });
  await app.db.execute(sql`insert into vehicles (year, make, model, engine, engine_code, fuel)
    values (2016, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FE', 'gas')`);

  const entries = async (action: string, file: string) =>
    (
      await app.db.execute<Entry>(sql`select id::text, summary, after from audit_log
        where action = ${action} and target_id = ${file} order by id`)
    ).rows;
  const upload = (url: string, filename: string, content: string) => {
    const form = multipartBody([{ name: 'file', filename, contentType: 'text/csv', content }]);
    return app.inject({
      method: 'POST',
      url,
      headers: { ...form.headers, cookie: admin.cookie },
      payload: form.payload,
    });
  };

  it('a finished catalog import: one entry, done, with its counts', async () => {
    const res = await upload(
      '/api/v1/catalog/import',
      'done.csv',
      'sku,name,price,img\nDONE-1,Done One,1.00,/images/products/d.svg\nDONE-2,,1.00,/images/products/d.svg\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await entries('catalog.import', 'done.csv')).toEqual([
      {
        id: expect.any(String),
        summary: 'Imported done.csv: 1 created, 0 updated, 1 rejected',
        after: {
          file: 'done.csv',
          created: 1,
          updated: 0,
          rejected: 1,
          stopped: null,
          state: 'done',
        },
      },
    ]);
  });

  it('a finished fitment import too', async () => {
    const res = await upload(
      '/api/v1/fitment/import',
      'fit.csv',
      'sku,year_from,make,model\nFIT-1,2016,Toyota,Corolla\nNOPE-1,2016,Toyota,Corolla\n',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await entries('fitment.import', 'fit.csv')).toEqual([
      {
        id: expect.any(String),
        summary: 'Imported fit.csv: 1 added, 0 updated, 0 unchanged, 1 rejected',
        after: {
          file: 'fit.csv',
          added: 1,
          updated: 0,
          unchanged: 0,
          rejected: 1,
          stopped: null,
          state: 'done',
        },
      },
    ]);
  });

  it('mid-file, the entry says exactly what is committed, at every moment a kill could come', async () => {
    // The file arrives slowly and stops coming after 1,200 lines: two batches of 500 commit,
    // then nothing more runs for this import, as when its process is killed.
    const boundary = 'pp-import-entry-test';
    const body = new PassThrough();
    const pending = app
      .inject({
        method: 'POST',
        url: '/api/v1/catalog/import',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie: admin.cookie,
        },
        payload: body,
      })
      .catch((error: Error) => error);
    body.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="killed.csv"\r\nContent-Type: text/csv\r\n\r\nsku,name,price,img\n`,
    );
    for (let i = 1; i <= 1200; i++)
      body.write(`KILL-${i},Killed Part ${i},1.00,/images/products/k.svg\n`);

    const committed = async () =>
      Number(
        (
          await app.db.execute<{ n: number }>(
            sql`select count(*)::int as n from products where sku like 'KILL-%'`,
          )
        ).rows[0]?.n,
      );
    const samples: [number, number][] = [];
    for (let tries = 0; tries < 400; tries++) {
      const [entry] = await entries('catalog.import', 'killed.csv');
      const created = Number(entry?.after.created ?? 0);
      samples.push([created, await committed()]);
      if (created === 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Read in one statement each, the entry and the products could differ by a batch committed
    // between the two reads; never the other way round.
    for (const [created, products] of samples) expect(products - created).toBeOneOf([0, 500]);
    const [entry] = await entries('catalog.import', 'killed.csv');
    expect(entry).toEqual({
      id: expect.any(String),
      summary: 'Importing killed.csv (not finished): 1000 created, 0 updated, 0 rejected so far',
      after: { file: 'killed.csv', created: 1000, updated: 0, rejected: 0, state: 'running' },
    });
    expect(await committed()).toBe(1000);

    // The connection breaks: the entry says the import failed, its counts kept.
    body.destroy(new Error('connection reset'));
    await pending;
    for (let tries = 0; tries < 200; tries++) {
      if ((await entries('catalog.import', 'killed.csv'))[0]?.after.state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await entries('catalog.import', 'killed.csv'))[0]?.after).toMatchObject({
      created: 1000,
      state: 'failed',
    });
  });

  it('the log stays append-only but for a running import’s summary and counts', async () => {
    const [done] = await entries('catalog.import', 'done.csv');
    const refused = async (statement: ReturnType<typeof sql>) => {
      try {
        await app.db.execute(statement);
      } catch (error) {
        return postgresErrorOf(error)?.code;
      }
    };
    expect(
      await refused(sql`update audit_log set summary = 'x' where id = ${done?.id}::bigint`),
    ).toBe('42501');
    const [running] = (
      await app.db.execute<{ id: string }>(sql`insert into audit_log
          (action, target_type, target_id, summary, after)
        values ('catalog.import', 'catalog', 'r.csv', 'running', '{"state": "running"}'::jsonb)
        returning id::text`)
    ).rows;
    for (const change of [
      sql`target_id = 'other.csv'`,
      sql`actor_email = 'x@example.com'`,
      sql`at = now() - interval '1 day'`,
    ])
      expect(
        await refused(sql`update audit_log set ${change} where id = ${running?.id}::bigint`),
      ).toBe('42501');
    expect(
      await refused(sql`update audit_log set summary = 'ok', after = '{"state": "done"}'::jsonb
        where id = ${running?.id}::bigint`),
    ).toBeUndefined();
    expect(
      await refused(sql`update audit_log set summary = 'again' where id = ${running?.id}::bigint`),
    ).toBe('42501');
  });
});
