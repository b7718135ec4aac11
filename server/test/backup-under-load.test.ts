import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { badOutcomes, prepareShop, startLoad, verifyShop } from './order-load.ts';
import {
  cliEntry,
  createPostgresDatabase,
  killAllServers,
  removeTempDirs,
  startServer,
  stopServer,
  tempDir,
} from './server-process.ts';

/**
 * Issue 10, backups: `npm run cli -- backup` while shoppers order, `restore` into a fresh
 * DATA_DIR / database, a server on it finds every order acknowledged before the backup began.
 */
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const drop of drops) await drop();
  removeTempDirs();
});

/** Runs the CLI without blocking this process (the load goes on meanwhile). */
function cli(args: string[], where: { dataDir: string; databaseUrl?: string }) {
  const child = spawn('node', [...cliEntry, ...args], {
    env: { ...process.env, DATA_DIR: where.dataDir, DATABASE_URL: where.databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (status) => resolve({ status, stdout, stderr })),
  );
}

async function storage(kind: 'pglite' | 'postgres') {
  const dataDir = tempDir();
  if (kind === 'pglite') return { dataDir };
  const database = await createPostgresDatabase();
  drops.push(database.drop);
  return { dataDir, databaseUrl: database.url };
}

describe.each(['pglite', 'postgres'] as const)('on %s', (kind) => {
  it('a backup taken under load restores every order acknowledged before it began', async () => {
    const where = await storage(kind);
    const server = await startServer(where);
    const shop = await prepareShop(server.url);
    const load = startLoad(() => server.url, shop);
    await load.untilOrders(20);

    const before = [...load.orders.values()];
    const file = join(tempDir(), kind === 'pglite' ? 'shop.tar.gz' : 'shop.dump');
    const backupStarted = Date.now();
    const backup = await cli(['backup', file], where);
    const backupMs = Date.now() - backupStarted;
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const report = await load.stop();
    expect(badOutcomes(report)).toEqual([]);
    expect(await stopServer(server), server.output()).toBe(0);

    if (kind === 'pglite') {
      // With no server running, the CLI opens the data directory itself.
      const offline = await cli(['backup', join(tempDir(), 'offline.tar.gz')], where);
      expect(offline.stderr).toBe('');
      expect(offline.status).toBe(0);
    }

    // Never over a database that is there.
    const over = await cli(['restore', file], where);
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(
      kind === 'pglite' ? /already holds a database; restore into an empty DATA_DIR/ : /not empty/,
    );

    const fresh = await storage(kind);
    // Into a DATA_DIR that does not exist yet: the restore makes it (issue 15).
    if (kind === 'pglite') fresh.dataDir = join(fresh.dataDir, 'not-yet', 'data');
    const restored = await cli(['restore', file], fresh);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const again = await startServer(fresh);
    const { checkedOrders, liveOrders } = await verifyShop(again.url, shop, before, {
      anyState: true,
    });
    expect(checkedOrders).toBe(before.length);
    console.info(
      `[backup on ${kind}] ${before.length} orders acknowledged before the backup, all restored (${liveOrders} live); backup took ${backupMs} ms under load; ${report.orders.size} orders in all`,
    );
    expect(await stopServer(again), again.output()).toBe(0);
  }, 300_000);
});
