import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configKeys, loadConfig } from './config.ts';
import { StartupError } from './errors.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      SEED_DEMO: true,
      ADMIN_EMAILS: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads flags and lists', () => {
    const config = loadConfig({ SEED_DEMO: 'false', ADMIN_EMAILS: ' A@x.com, b@y.com ,' });
    expect(config.SEED_DEMO).toBe(false);
    expect(config.ADMIN_EMAILS).toEqual(['a@x.com', 'b@y.com']);
  });

  it('reads DATABASE_READ_URL beside DATABASE_URL (unset: reads stay on the primary)', () => {
    const both = { DATABASE_URL: 'postgres://p/shop', DATABASE_READ_URL: 'postgres://r/shop' };
    expect(loadConfig(both).DATABASE_READ_URL).toBe('postgres://r/shop');
    expect(loadConfig({ DATABASE_URL: 'postgres://p/shop' }).DATABASE_READ_URL).toBeUndefined();
  });

  it('takes SHOP_TIME_ZONE as an IANA zone name (UTC by default), and refuses any other', () => {
    expect(loadConfig({}).SHOP_TIME_ZONE).toBe('UTC');
    expect(loadConfig({ SHOP_TIME_ZONE: 'Asia/Kolkata' }).SHOP_TIME_ZONE).toBe('Asia/Kolkata');
    for (const zone of ['Mars/Olympus', 'UTC+25', "UTC'; drop table orders"])
      expect(() => loadConfig({ SHOP_TIME_ZONE: zone })).toThrow(/SHOP_TIME_ZONE.*IANA/);
  });

  it('takes SALES_REBUILD_STEP_ORDERS from 100 to 100000 orders (2000 by default)', () => {
    expect(loadConfig({}).SALES_REBUILD_STEP_ORDERS).toBe(2000);
    expect(loadConfig({ SALES_REBUILD_STEP_ORDERS: '500' }).SALES_REBUILD_STEP_ORDERS).toBe(500);
    for (const orders of ['99', '100001', '1.5', 'many'])
      expect(() => loadConfig({ SALES_REBUILD_STEP_ORDERS: orders })).toThrow(
        /SALES_REBUILD_STEP_ORDERS/,
      );
  });

  it('treats an empty value as unset (a copied .env with NODE_ENV=)', () => {
    const config = loadConfig({ NODE_ENV: '', PORT: '', TRUST_PROXY: ' ' });
    expect(config).toMatchObject({ NODE_ENV: 'production', PORT: 3000, TRUST_PROXY: false });
  });

  it('trusts the loopback names of the port without PUBLIC_URL, and only PUBLIC_URL with it', () => {
    expect(loadConfig({ PORT: '4000' }).trustedOrigins).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).trustedOrigins).toEqual([
      'https://shop.example.com',
    ]);
  });

  it.each([
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.2, 10.0.0.0/8', ['10.0.0.2', '10.0.0.0/8']],
    ['loopback', ['loopback']],
  ])('reads TRUST_PROXY=%s as hops or proxy addresses', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT="abc" /],
    [{ PORT: '70000' }, /PORT="70000" must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL="mysql:\/\/x" must start with postgres/],
    [
      { DATABASE_URL: 'postgres://p/shop', DATABASE_READ_URL: 'mysql://r' },
      /DATABASE_READ_URL="mysql:\/\/r" must start with postgres/,
    ],
    [
      { DATABASE_READ_URL: 'postgres://replica/shop' },
      /DATABASE_READ_URL="postgres:\/\/replica\/shop" needs DATABASE_URL/,
    ],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO="maybe" must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL="loud"/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY="true" must be a hop count .* not true/],
    [{ TRUST_PROXY: 'proxy.local' }, /TRUST_PROXY="proxy.local" must be false, a hop count/],
  ])('refuses %o with one readable line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(StartupError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('is documented: .env.example lists every setting', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const listed = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual([...configKeys].sort());
  });
});

describe('.env (scripts/load-env.mjs, read by npm start and npm run dev)', () => {
  it('loads .env when it exists; the environment wins; an empty value stays unset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-env-'));
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(
      new URL('../../scripts/load-env.mjs', import.meta.url),
      join(dir, 'scripts', 'load-env.mjs'),
    );
    writeFileSync(join(dir, '.env'), 'PORT=4123\nNODE_ENV=\nLOG_LEVEL=debug\n');
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(join(dir, 'scripts', 'load-env.mjs'))}); console.log(JSON.stringify([process.env.PORT, process.env.NODE_ENV, process.env.LOG_LEVEL]))`,
      ],
      { env: { PATH: process.env.PATH, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    rmSync(dir, { recursive: true, force: true });
    const [port, nodeEnv, logLevel] = JSON.parse(run.stdout);
    expect([port, logLevel]).toEqual(['4123', 'warn']);
    expect(loadConfig({ PORT: port, NODE_ENV: nodeEnv, LOG_LEVEL: logLevel })).toMatchObject({
      PORT: 4123,
      NODE_ENV: 'production',
    });
  });
});
