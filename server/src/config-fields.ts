import { z } from 'zod';

/** The kinds of setting config.ts is made of. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): `false`, a hop count, or a
 * list of proxy addresses / CIDR ranges. Never plain `true`: that would believe any client.
 */
export const trustProxy = z
  .string()
  .default('false')
  .transform((v, ctx) => {
    const value = v.trim().toLowerCase();
    if (['false', '0', 'no', 'off'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (['true', 'yes', 'on'].includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a hop count (e.g. 1) or the proxy addresses (e.g. 10.0.0.2,10.0.0.0/8), not true: true believes any client',
      });
      return z.NEVER;
    }
    const list = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (!list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a) || a === 'loopback')) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be false, a hop count, or a list of IP addresses',
      });
      return z.NEVER;
    }
    return list;
  });

/** An IANA zone name the runtime knows (`Intl` throws a RangeError on any other). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length <= 64;
  } catch {
    return false;
  }
}
