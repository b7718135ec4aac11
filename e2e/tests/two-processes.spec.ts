import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as apiRequest } from '@playwright/test';
import { formatPrice } from '@proper-parts/domain/format';
import pg from 'pg';
import { demoCatalogReady } from '../../scripts/demo-catalog-ready.mjs';
import { newAccount } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { freePort } from '../support/free-port.ts';

const root = join(import.meta.dirname, '..', '..');
const postgres = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const ADMIN = 'two-processes-admin@example.com';

async function startShop(databaseUrl: string, seed: boolean) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-e2e-two-'));
  const child: ChildProcess = spawn('node', ['server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      SEED_DEMO: seed ? 'true' : 'false',
      // Enough parts to find a bearing; the whole 10,000 cost each CI run a seed beside the journeys.
      DEMO_CATALOG_PARTS: '1000',
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: ADMIN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const started = Date.now(); Date.now() - started < 120_000; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      // The demo catalog loads after the port opens (decision 034): the test reads its bearings.
      if (seed) await demoCatalogReady(url);
      return {
        url,
        stop: async () => {
          child.kill('SIGTERM');
          await new Promise((resolve) => child.once('exit', resolve));
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

/**
 * Issue 17, caching: rendered product pages are kept in each process, and a change made through
 * another process reaches them through the change feed (PostgreSQL's LISTEN/NOTIFY), not by
 * waiting for the page to grow old.
 */
test('a price change through one process shows on the other’s product page within a second', async () => {
  // Two first starts, one waiting for the other's whole (small) demo catalog.
  test.setTimeout(180_000);
  const name = `pp_e2e_pages_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  const a = await startShop(url.toString(), true);
  const b = await startShop(url.toString(), false);
  try {
    const found = (await (
      await fetch(`${a.url}/api/v1/catalog/search?category=bearings&limit=1`)
    ).json()) as { data: { items: { _id: string; slug: string; price: number }[] } };
    const item = found.data.items[0];
    if (!item) throw new Error('no bearing in the demo catalog');
    const page = () => fetch(`${b.url}/products/${item.slug}`).then((res) => res.text());
    expect(await page()).toContain(formatPrice(item.price));

    const viaA = await apiRequest.newContext({
      baseURL: a.url,
      extraHTTPHeaders: { origin: a.url },
    });
    const account = { ...newAccount('admin'), email: ADMIN };
    const signedUp = await viaA.post('/api/v1/auth/sign-up/email', {
      data: { name: account.name, email: account.email, password: account.password },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    // Confirmed and made admin as ADMIN_EMAILS would on the mailed link (which has its own
    // journeys), then a fresh session.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query(`update "user" set email_verified = true, role = 'admin' where email = $1`, [
      ADMIN,
    ]);
    await db.end();
    const signedIn = await viaA.post('/api/v1/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const newPrice = Math.round((item.price + 101.25) * 100) / 100;
    const changed = await viaA.patch(`/api/v1/tools/${item._id}`, { data: { price: newPrice } });
    expect(changed.status(), await changed.text()).toBe(200);

    const changedAt = Date.now();
    let html = await page();
    while (!html.includes(formatPrice(newPrice)) && Date.now() - changedAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      html = await page();
    }
    expect(html).toContain(formatPrice(newPrice));
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    await viaA.dispose();
  } finally {
    await b.stop();
    await a.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});
