import { passesLuhn } from '@proper-parts/domain/payments';
import type { LoggerOptions } from 'pino';

/**
 * No log line may carry a credential: a logged session token works as a bearer. While the
 * database was down, better-auth logged its failed queries with their parameters (raw session
 * tokens); request lines carry URLs with reset and confirmation tokens. Every line passes
 * `scrubSecrets` on the way out, and a test greps the captured logs for every token issued
 * (server/test/secrets-in-logs.test.ts).
 */
const REDACTED = '[redacted]';

const secretPatterns: Array<[RegExp, string]> = [
  // Drizzle's failed queries: "Failed query: select …\nparams: <the values>".
  [/params: .*/g, `params: ${REDACTED}`],
  // Tokens in URLs: ?token=…, &code=…, /reset-password/<token>.
  [
    /([?&](?:token|code|state|secret|password|key|signature|client_secret)=)[^&\s"'#]+/gi,
    `$1${REDACTED}`,
  ],
  [/(\/reset-password\/)[^/?\s"'#]+/g, `$1${REDACTED}`],
  [/\b(bearer\s+)[^\s"',]+/gi, `$1${REDACTED}`],
  // Session cookies ("proper-parts.session_token=<token>.<signature>").
  [/(session_token=)[^;\s"',]+/gi, `$1${REDACTED}`],
  // Payment client secrets ("pi_…_secret_…") and JSON web tokens.
  [/_secret_[A-Za-z0-9]+/g, `_secret_${REDACTED}`],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, REDACTED],
  // better-auth's ids and tokens: long runs of letters and digits (a uuid's groups are shorter).
  [/\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{20,}\b/g, REDACTED],
];

/** A card number: 13–19 digits, maybe grouped by spaces or dashes, that passes Luhn's check. */
const cardLike = /\b\d(?:[ -]?\d){12,18}\b/g;

/**
 * What every pattern above (and a card number) needs somewhere in the text: one scan that most
 * lines fail ("request completed", a catalog URL), where running each pattern was most of a log
 * line's CPU. A looser test than the patterns: what passes it meets them all.
 */
const mayHoldSecret =
  /params: |[?&](?:token|code|state|secret|password|key|signature|client_secret)=|\/reset-password\/|bearer\s|session_token=|_secret_|eyJ|[A-Za-z0-9]{20}|\d(?:[ -]?\d){12}/i;

export function scrubSecrets(text: string): string {
  if (!mayHoldSecret.test(text)) return text;
  let out = text;
  for (const [pattern, replacement] of secretPatterns) out = out.replace(pattern, replacement);
  return out.replace(cardLike, (run) => (passesLuhn(run.replace(/[ -]/g, '')) ? REDACTED : run));
}

const MAX_DEPTH = 5;

/** Strings scrubbed; errors flattened to their scrubbed text (their extra fields, like a failed
 * query's parameters, left out); plain objects and arrays walked. Other objects (a request, a
 * reply) are left to their serializers. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (value instanceof Error) return scrubError(value, depth);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_FIELDS.has(key.toLowerCase()) ? REDACTED : scrubValue(item, depth + 1);
  }
  return out;
}

function scrubError(error: Error, depth: number): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: scrubSecrets(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack ? { stack: scrubSecrets(error.stack) } : {}),
    ...(error.cause !== undefined ? { cause: scrubValue(error.cause, depth + 1) } : {}),
  };
}

/**
 * Fields that hold credentials, at any depth of a plain object a log call passes (headers
 * included): their values are never written. Requests and replies are written by their
 * serializers, which keep no header. (pino's own `redact`, with wildcard paths, did this at
 * about a fifth of an access line's CPU.)
 */
const SECRET_FIELDS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'set-auth-token',
  'password',
  'newpassword',
  'currentpassword',
  'token',
  'card',
]);

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The pino options every logger of the app is built with: the level, where lines go, and the
 * redaction above. `extra` adds a transport or a stream (tests).
 */
export function logOptions(level: string, extra: Record<string, unknown> = {}): LoggerOptions {
  return {
    level,
    ...extra,
    serializers: {
      // Fastify's request line, with the URL scrubbed (reset links carry their token in it).
      req: (request: RequestLike) => ({
        method: request.method,
        url: request.url === undefined ? undefined : scrubSecrets(request.url),
        host: request.host ?? request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map((arg) => scrubValue(arg)) as Parameters<typeof method>);
      },
    },
  };
}
