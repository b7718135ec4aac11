import http from 'node:http';
import https from 'node:https';
import { SIGNATURE_HEADER } from '@proper-parts/domain/webhooks';
import {
  checkedLookup,
  RefusedAddressError,
  refusedLiteral,
  type TargetPolicy,
} from './address-guard.ts';
import { signatureHeader } from './signature.ts';

/** One signed POST of a webhook's body to its endpoint: what the delivery worker sends. */
const USER_AGENT = 'ProperParts-Webhooks/1.0 (+https://github.com/proper-parts)';
const HEAD_BYTES = 1024;
/** Read of an answer beyond its head, at most: the rest is not kept, only drained. */
const DRAIN_BYTES = 64 * 1024;

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * Posts `body` once. No redirect is followed (Node's client never does): a 3xx is a failure, so a
 * receiver cannot send the shop on to an address it would have refused. The connection goes to an
 * address `checkedLookup` approved; a literal address is checked here (no lookup runs for it).
 */
export async function postOnce(
  target: string,
  body: string,
  secret: string,
  settings: { policy: TargetPolicy; timeoutMs: number },
): Promise<{ code: number | null; head: string | null; error: string | null; latency: number }> {
  const started = performance.now();
  const done = (code: number | null, head: string | null, error: string | null) => ({
    code,
    head,
    error,
    latency: Math.round(performance.now() - started),
  });
  const url = new URL(target);
  const refused = refusedLiteral(url, settings.policy);
  if (refused) return done(null, null, `${refused} is a private address: refused`);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      agent: agents[url.protocol as 'http:' | 'https:'],
      lookup: checkedLookup(settings.policy) as never,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': USER_AGENT,
        [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secret, body),
      },
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${settings.timeoutMs} ms`)),
      settings.timeoutMs,
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (kept < HEAD_BYTES) {
          chunks.push(chunk.subarray(0, HEAD_BYTES - kept));
          kept += Math.min(chunk.length, HEAD_BYTES - kept);
        }
        if (read > DRAIN_BYTES) response.destroy();
      });
      const finish = () => {
        clearTimeout(timer);
        const head = Buffer.concat(chunks).toString('utf8');
        resolve(done(response.statusCode ?? null, head, null));
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const why =
        error instanceof RefusedAddressError ? error.message : error.message || error.code;
      resolve(done(null, null, why ?? 'connection failed'));
    });
    request.end(body);
  });
}
