import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type AccessLine, lineObject, writeAccessLine } from './access-line.ts';
import { logOptions } from './log-options.ts';

/** A pino destination that keeps what it is given. */
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (text: string) => lines.push(text) } };
}

const line: AccessLine = {
  method: 'GET',
  url: '/api/v1/tools?limit=6&token=abcdefghijklmnop&q="quoted"\\',
  host: 'shop.example:3000',
  remoteAddress: '127.0.0.1',
  remotePort: 51234,
  statusCode: 200,
  responseTime: 0.123456789,
};

const withoutTime = (text: string) => {
  const { time, ...rest } = JSON.parse(text);
  expect(typeof time).toBe('number');
  return rest;
};

describe('the access line', () => {
  it('is the line pino writes for the same request, written as one string', () => {
    const { lines, stream } = capture();
    const log = pino(logOptions('info'), stream).child({ reqId: 'req-7' });
    writeAccessLine(log, line);
    log.info(lineObject(line), 'request completed');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.endsWith('}\n')).toBe(true);
    const fast = withoutTime(lines[0] as string);
    expect(fast).toEqual(withoutTime(lines[1] as string));
    expect(fast).toMatchObject({
      level: 30,
      reqId: 'req-7',
      pid: process.pid,
      req: { method: 'GET', host: 'shop.example:3000', remotePort: 51234 },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    // The URL's secret is scrubbed as every line's is; its quotes and backslash stay JSON.
    expect(fast.req.url).toBe('/api/v1/tools?limit=6&token=[redacted]&q="quoted"\\');
  });

  it('carries a request id given to it, for the answer replay that logs on the root logger', () => {
    const { lines, stream } = capture();
    const log = pino(logOptions('info'), stream);
    writeAccessLine(log, { ...line, reqId: 'replayed-1', remotePort: undefined, host: undefined });
    writeAccessLine(log.child({ reqId: 'x' }), { ...line, method: undefined });
    const replayed = withoutTime(lines[0] as string);
    expect(replayed.reqId).toBe('replayed-1');
    expect(replayed.req).toEqual({
      method: 'GET',
      url: expect.any(String),
      remoteAddress: '127.0.0.1',
    });
    expect(withoutTime(lines[1] as string).req.method).toBeUndefined();
  });

  it('scrubs a URL each time it is written, and keeps no URL that held a secret', () => {
    const { lines, stream } = capture();
    const log = pino(logOptions('info'), stream);
    for (let i = 0; i < 3; i++) {
      writeAccessLine(log, { ...line, url: '/reset-password/abcdefghijklmnopqrstuvwx' });
      writeAccessLine(log, { ...line, url: '/api/v1/tools?limit=6' });
    }
    const urls = lines.map((text) => withoutTime(text).req.url);
    expect(urls).toEqual(
      Array.from({ length: 3 }).flatMap(() => [
        '/reset-password/[redacted]',
        '/api/v1/tools?limit=6',
      ]),
    );
  });

  it('writes nothing above info', () => {
    const { lines, stream } = capture();
    writeAccessLine(pino(logOptions('warn'), stream), line);
    writeAccessLine(pino(logOptions('silent'), stream), line);
    expect(lines).toEqual([]);
  });

  it('takes pino’s ordinary path to a stream that reads its metadata (a multistream)', () => {
    const { lines, stream } = capture();
    const log = pino(logOptions('info'), pino.multistream([{ level: 'info', stream }]));
    writeAccessLine(log.child({ reqId: 'multi' }), line);
    expect(lines).toHaveLength(1);
    expect(withoutTime(lines[0] as string)).toMatchObject({
      reqId: 'multi',
      res: { statusCode: 200 },
      msg: 'request completed',
    });
  });
});
