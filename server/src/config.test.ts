import { readFileSync } from 'node:fs';
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

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT="abc" /],
    [{ PORT: '70000' }, /PORT="70000" must be between 0 and 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL="mysql:\/\/x" must start with postgres/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO="maybe" must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL="loud"/],
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
