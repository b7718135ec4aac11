import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A key's creation honours Idempotency-Key, whose table keeps the answer for a retry (24 h). The
 * key must not sit there readable: the kept answer holds it sealed (AES-256-GCM under the auth
 * secret), and the route opens it before it answers, the first time and on a replay.
 */
export function replaySeal(secret: string) {
  const key = createHash('sha256').update(`api-key-replay:${secret}`).digest();
  return {
    seal(text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return `sealed.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed: string): string {
      const raw = Buffer.from(sealed.slice('sealed.'.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
