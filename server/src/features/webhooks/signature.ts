import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new endpoint's signing secret: `whsec_` and 256 random bits. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const hmacOf = (secret: string, signed: string) =>
  createHmac('sha256', secret).update(signed, 'utf8').digest('hex');

/**
 * `Proper-Parts-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed by the
 * endpoint's secret as given (its UTF-8 bytes), as Stripe signs: the time inside the signed text
 * lets a receiver refuse an old delivery replayed.
 */
export function signatureHeader(secret: string, body: string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${hmacOf(secret, `${t}.${body}`)}`;
}

/**
 * The receiver's check, as docs/integrators.md spells it: the header's `v1` equals the HMAC of
 * `<t>.<raw body>` (compared in constant time) and `t` is within `toleranceSeconds` of now.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  { toleranceSeconds = 300, nowMs = Date.now() } = {},
): boolean {
  const parts = new Map(
    header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]),
  );
  const t = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacOf(secret, `${t}.${body}`), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
