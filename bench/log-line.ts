// `node --experimental-strip-types bench/log-line.ts` (or tsx): CPU per access log line, as the
// shop writes it at LOG_LEVEL=info (log-options.ts: scrubbing, redaction, JSON), to /dev/null,
// against the same logger at `warn` (no line). Prints microseconds of CPU per request line.
import { openSync } from 'node:fs';
import pino from 'pino';
import { logOptions } from '../server/src/log-options.ts';

const LINES = Number(process.env.LINES ?? 200_000);
const socket = { remoteAddress: '127.0.0.1', remotePort: 51234 };
const request = {
  id: 'req-1a2b',
  method: 'GET',
  url: '/api/v1/products?q=bearing&limit=24&cursor=abc',
  host: '127.0.0.1:3000',
  ip: '127.0.0.1',
  socket,
};

function measure(level: string, sync: boolean): number {
  const dest = pino.destination({ dest: openSync('/dev/null', 'w'), sync });
  const log = pino(logOptions(level), dest).child({ reqId: 'req-1a2b' });
  for (let i = 0; i < 20_000; i += 1)
    log.info({ req: request, res: { statusCode: 200 }, responseTime: 1.2 }, 'request completed');
  const before = process.cpuUsage();
  for (let i = 0; i < LINES; i += 1)
    log.info(
      { req: request, res: { statusCode: 200 }, responseTime: i / 1000 },
      'request completed',
    );
  const used = process.cpuUsage(before);
  dest.flushSync?.();
  return (used.user + used.system) / LINES;
}

for (const sync of [true, false]) {
  const info = measure('info', sync);
  const warn = measure('warn', sync);
  console.log(
    `${sync ? 'sync ' : 'async'} info ${info.toFixed(2)} µs/line, warn ${warn.toFixed(2)} µs/line`,
  );
}
