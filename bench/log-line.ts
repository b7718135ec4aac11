// `npx tsx bench/log-line.ts | cat > /dev/null` (stdout a pipe, as to a log shipper; the figures go
// to stderr): CPU per access log line at LOG_LEVEL=info, as the shop writes one (access-line.ts:
// one string to pino's stream, batched as server.ts does: `batchedStdout`, log-stream.ts) beside
// pino's ordinary call with the shop's options (log-options.ts: scrubbing, serializers), and the
// same logger at `warn` (no line). Prints microseconds of CPU per request line.
import pino from 'pino';
import { lineObject, writeAccessLine } from '../server/src/access-line.ts';
import { logOptions } from '../server/src/log-options.ts';
import { batchedStdout } from '../server/src/log-stream.ts';

const LINES = Number(process.env.LINES ?? 300_000);
const line = {
  method: 'GET',
  url: '/api/v1/products?q=bearing&limit=24&cursor=abc',
  host: '127.0.0.1:3000',
  remoteAddress: '127.0.0.1',
  remotePort: 51234,
  statusCode: 200,
  responseTime: 0.0421,
};

type Write = (log: pino.Logger, i: number) => void;
const ways: Record<string, Write> = {
  'access line': (log, i) => writeAccessLine(log, { ...line, responseTime: i / 1000 }),
  'pino call': (log, i) =>
    log.info(lineObject({ ...line, responseTime: i / 1000 }), 'request completed'),
};

function measure(level: string, write: Write): number {
  const dest = batchedStdout();
  const log = pino(logOptions(level), dest).child({ reqId: 'req-1a2b' });
  for (let i = 0; i < 20_000; i += 1) write(log, i);
  const before = process.cpuUsage();
  for (let i = 0; i < LINES; i += 1) write(log, i);
  dest.flushSync();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / LINES;
}

for (const [name, write] of Object.entries(ways)) {
  const info = measure('info', write);
  const warn = measure('warn', write);
  console.error(`${name}: info ${info.toFixed(2)} µs/line, warn ${warn.toFixed(2)} µs/line`);
}
