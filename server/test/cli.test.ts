import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { user } from '../src/db/schema.ts';
import { cliEntry as cli } from './server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pp-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync('node', [...cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });

async function roleOf(email: string) {
  const db = await openDatabase({ dataDir });
  const [row] = await db.db.select().from(user).where(eq(user.email, email));
  await db.close();
  return row?.role;
}

// Each CLI run opens the embedded database in its own process: a loaded 2-core CI took over 30 s.
describe('npm run cli -- make-admin (embedded database, server stopped)', {
  timeout: 180_000,
}, () => {
  it('promotes an existing user, says so, and is idempotent', async () => {
    const db = await openDatabase({ dataDir });
    await db.db.insert(user).values({ id: 'u1', name: 'Op', email: 'op@example.com' });
    await db.close();

    const first = run('make-admin', 'OP@example.com');
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('op@example.com is now an admin\n');
    expect(await roleOf('op@example.com')).toBe('admin');
    expect(run('make-admin', 'op@example.com').stdout).toBe(
      'op@example.com was already an admin\n',
    );
  });

  it('refuses an unknown email or command with one line and exit 1', () => {
    const unknown = run('make-admin', 'ghost@example.com');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe(
      'proper-parts: no user with the email ghost@example.com; they must sign up first\n',
    );
    const bad = run('dance');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/unknown command dance; usage: npm run cli -- make-admin <email>/);
  });
});

describe('npm run cli -- restore (embedded database)', { timeout: 180_000 }, () => {
  const runIn = (dir: string, ...args: string[]) =>
    spawnSync('node', [...cli, ...args], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('restores into a DATA_DIR that does not exist yet, making it (issue 15: a raw ENOENT before)', () => {
    const file = join(dataDir, 'users.tar.gz');
    const backup = run('backup', file);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    const target = join(mkdtempSync(join(tmpdir(), 'pp-restore-')), 'new', 'data');
    const restored = runIn(target, 'restore', file);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toBe(`restored ${file}\n`);
  });

  it('says plainly when the DATA_DIR cannot be made', () => {
    const file = join(dataDir, 'users.tar.gz');
    const blocked = join(mkdtempSync(join(tmpdir(), 'pp-restore-')), 'a-file');
    writeFileSync(blocked, 'not a folder');
    const refused = runIn(join(blocked, 'data'), 'restore', file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /^proper-parts: DATA_DIR .* is not writable \(\w+\); set DATA_DIR/,
    );
    expect(refused.stderr).not.toMatch(/server\.lock/);
  });
});
