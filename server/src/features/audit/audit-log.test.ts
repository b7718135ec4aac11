import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../test/auth-helper.ts';
import { buildTestApp } from '../../../test/helper.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';
import { recordAudit } from './audit-log.ts';
import { encodeAuditCursor } from './audit-repository.ts';
import { deleteExpiredAuditBatch, sweepAuditLog } from './audit-retention.ts';

/** The database's answer to a statement that should fail (undefined when it did not). */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return postgresErrorOf(error);
  }
  return undefined;
}

/**
 * Issue 21: the audit log is append-only, kept for the retention, and read by admins newest first
 * with filters, a page at a time or as CSV. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('audit log: the table, the list, the CSV, the retention', async () => {
  const app = await buildTestApp();
  const admin = await signUpAdmin(app);
  const customer = await signUp(app);
  const get = (url: string, who: { cookie: string } | null = admin) =>
    app.inject({ url, headers: who ? { cookie: who.cookie } : {} });

  /** Entries of a run of this file, `at` set days back (the table lets an INSERT say when). */
  const insertEntry = (values: {
    action?: string;
    targetType?: string;
    targetId?: string;
    actorEmail?: string | null;
    daysAgo?: number;
    summary?: string;
  }) =>
    app.db.execute<{ id: string }>(sql`insert into audit_log
        (at, actor_id, actor_email, ip, action, target_type, target_id, summary, before, after)
      values (now() - ${values.daysAgo ?? 0} * interval '1 day', 'actor-1',
        ${values.actorEmail === undefined ? 'list-admin@example.com' : values.actorEmail},
        '198.51.100.1', ${values.action ?? 'product.update'}, ${values.targetType ?? 'product'},
        ${values.targetId ?? 'p-1'}, ${values.summary ?? 'Edited P-1: price'},
        '{"price": 1}'::jsonb, '{"price": 2}'::jsonb)
      returning id::text as id`);

  describe('append-only', () => {
    it('refuses UPDATE, DELETE and TRUNCATE, whoever runs them', async () => {
      await recordAudit(
        app.db,
        { id: null, email: 'x@example.com', ip: null },
        {
          action: 'product.update',
          targetType: 'product',
          targetId: 'refusal-target',
          summary: 'an entry to tamper with',
        },
      );
      for (const statement of [
        sql`update audit_log set summary = 'rewritten' where target_id = 'refusal-target'`,
        sql`delete from audit_log where target_id = 'refusal-target'`,
        sql`truncate audit_log`,
      ]) {
        const error = await refusal(() => app.db.execute(statement));
        expect(error?.code).toBe('42501');
        expect(error?.message).toMatch(/audit_log is append-only/);
      }
      const [kept] = (
        await app.db.execute<{ summary: string }>(
          sql`select summary from audit_log where target_id = 'refusal-target'`,
        )
      ).rows;
      expect(kept?.summary).toBe('an entry to tamper with');
    });

    it('the retention switch lets only rows older than the retention go', async () => {
      const [recent] = (await insertEntry({ targetId: 'recent-row', daysAgo: 10 })).rows;
      // Switched on, but the row is younger than the retention: refused all the same.
      const error = await refusal(() =>
        app.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('pp.audit_retention', 'on', true),
            set_config('pp.audit_retention_days', '30', true)`);
          await tx.execute(sql`delete from audit_log where id = ${recent?.id}::bigint`);
        }),
      );
      expect(error?.code).toBe('42501');
      // Switched on for one transaction only: the next one is refused again.
      const [old] = (await insertEntry({ targetId: 'old-row', daysAgo: 100 })).rows;
      await app.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pp.audit_retention', 'on', true),
          set_config('pp.audit_retention_days', '30', true)`);
      });
      expect(
        (
          await refusal(() =>
            app.db.execute(sql`delete from audit_log where id = ${old?.id}::bigint`),
          )
        )?.code,
      ).toBe('42501');
    });

    it('no route changes or deletes an entry', async () => {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
        const res = await app.inject({
          method,
          url: '/api/v1/audit',
          headers: { cookie: admin.cookie },
          payload: {},
        });
        expect(res.statusCode, method).toBe(404);
      }
    });
  });

  describe('retention', () => {
    it('the sweep deletes the entries older than the retention, in batches, and only them', async () => {
      const before = Number(
        (await app.db.execute<{ n: string }>(sql`select count(*)::text as n from audit_log`))
          .rows[0]?.n,
      );
      for (let i = 0; i < 5; i++) await insertEntry({ targetId: `expired-${i}`, daysAgo: 800 });
      await insertEntry({ targetId: 'kept-729', daysAgo: 729 });
      // One batch of 2 takes 2 of the 5 expired rows (plus the 100-day-old row: not at 730 days).
      expect(await deleteExpiredAuditBatch(app.db, 730, 2)).toBe(2);
      expect(await sweepAuditLog(app.db, 730)).toBe(3);
      expect(await sweepAuditLog(app.db, 730)).toBe(0);
      const left = (
        await app.db.execute<{ target_id: string }>(
          sql`select target_id from audit_log where target_id like 'expired-%' or target_id = 'kept-729'`,
        )
      ).rows;
      expect(left.map((row) => row.target_id)).toEqual(['kept-729']);
      const after = Number(
        (await app.db.execute<{ n: string }>(sql`select count(*)::text as n from audit_log`))
          .rows[0]?.n,
      );
      expect(after).toBe(before + 1);
    });
  });

  describe('GET /audit', () => {
    it('is for admins: 401 for a visitor, 403 for a customer', async () => {
      expect((await get('/api/v1/audit', null)).statusCode).toBe(401);
      expect((await get('/api/v1/audit', customer)).statusCode).toBe(403);
      expect((await get('/api/v1/audit/export.csv', null)).statusCode).toBe(401);
      expect((await get('/api/v1/audit/export.csv', customer)).statusCode).toBe(403);
    });

    it('pages newest first by cursor, with no gap and no repeat', async () => {
      for (let i = 0; i < 23; i++)
        await insertEntry({ action: 'order.ship', targetType: 'order', targetId: `page-${i}` });
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query = new URLSearchParams({ action: 'order.ship', limit: '5' });
        if (cursor) query.set('cursor', cursor);
        const res = await get(`/api/v1/audit?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        seen.push(...body.data.map((entry: { targetId: string }) => entry.targetId));
        cursor = body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(5);
      expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => `page-${22 - i}`));
    });

    it('filters by action, actor, target and days', async () => {
      await insertEntry({
        action: 'company.terms',
        targetType: 'company',
        targetId: 'filter-company',
        actorEmail: 'Filter-Admin@Example.com'.toLowerCase(),
        daysAgo: 3,
      });
      await insertEntry({ action: 'company.terms', targetType: 'company', targetId: 'other' });
      const ids = async (query: string) => {
        const res = await get(`/api/v1/audit?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.map((entry: { targetId: string }) => entry.targetId);
      };
      expect(await ids('actor=Filter-Admin@example.com')).toEqual(['filter-company']);
      expect(await ids('target=company:filter-company')).toEqual(['filter-company']);
      expect(await ids('target=filter-company')).toEqual(['filter-company']);
      expect(await ids('target=product:filter-company')).toEqual([]);
      const day = (daysAgo: number) =>
        new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      expect(await ids(`action=company.terms&from=${day(4)}&to=${day(2)}`)).toEqual([
        'filter-company',
      ]);
      expect(await ids(`action=company.terms&from=${day(1)}`)).toEqual(['other']);
      const entry = (await get('/api/v1/audit?target=filter-company')).json().data[0];
      expect(entry).toMatchObject({
        actorId: 'actor-1',
        actorEmail: 'filter-admin@example.com',
        ip: '198.51.100.1',
        action: 'company.terms',
        targetType: 'company',
        before: { price: 1 },
        after: { price: 2 },
      });
      expect(new Date(entry.at).toISOString()).toBe(entry.at);
    });

    it('answers 400 to a bad filter or a cursor it did not give, never 5xx', async () => {
      for (const query of [
        'action=product.explode',
        'from=2026-13-01',
        'from=2026-02-01&to=2026-01-01',
        'cursor=not-a-cursor',
        `cursor=${Buffer.from('audit:-1').toString('base64url')}`,
        `cursor=${encodeAuditCursor('99999999999999999999')}`,
        'limit=0',
        'limit=101',
        'unknown=1',
      ]) {
        const res = await get(`/api/v1/audit?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().success).toBe(false);
      }
      const far = await get(`/api/v1/audit?cursor=${encodeAuditCursor('1')}`);
      expect(far.json()).toMatchObject({ success: true, data: [], nextCursor: null });
    });
  });

  describe('GET /audit/export.csv', () => {
    it('streams the filtered entries newest first, formulas escaped, JSON kept', async () => {
      await insertEntry({
        action: 'catalog.import',
        targetType: 'catalog',
        targetId: '=HYPERLINK("x").csv',
        summary: '=cmd|calc',
      });
      await insertEntry({ action: 'catalog.import', targetType: 'catalog', targetId: 'b.csv' });
      const res = await get('/api/v1/audit/export.csv?action=catalog.import');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-/);
      const rows = parse(res.body, { columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0] ?? {})).toEqual([
        'id',
        'at',
        'actorEmail',
        'actorId',
        'ip',
        'action',
        'targetType',
        'targetId',
        'summary',
        'before',
        'after',
      ]);
      expect(rows.map((row) => row.targetId)).toEqual(['b.csv', `'=HYPERLINK("x").csv`]);
      expect(rows[1]?.summary).toBe("'=cmd|calc");
      expect(JSON.parse(rows[1]?.after ?? '')).toEqual({ price: 2 });
      const bad = await get('/api/v1/audit/export.csv?cursor=abc');
      expect(bad.statusCode).toBe(400);
    });

    it('pages through more entries than one read holds', async () => {
      await app.db.execute(sql`insert into audit_log (action, target_type, target_id, summary)
        select 'auth.sign-in-limited', 'user', 'bulk-' || n, 'bulk' from generate_series(1, 2100) n`);
      const res = await get('/api/v1/audit/export.csv?action=auth.sign-in-limited');
      const rows = parse(res.body, { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(2100);
      expect(new Set(rows.map((row) => row.id)).size).toBe(2100);
      expect(rows[0]?.targetId).toBe('bulk-2100');
    });
  });
});
