import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../src/features/auth/auth.ts';

/**
 * Passwords as the in-process test apps hash them: scrypt, as better-auth does, in its format
 * (`salt:key`, hex), at N=1024 instead of 16384 with r=8 instead of 16 (~0.5 ms instead of
 * ~100 ms). The suites sign up and sign in many thousands of times; at the shop's cost that was
 * the largest part of their CPU. The shop's own hashing still runs in every test that starts a
 * real server process (startup, kill-under-load, the Playwright journeys).
 */
const COST = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 64;

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const derived = await derive(password, salt);
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};
