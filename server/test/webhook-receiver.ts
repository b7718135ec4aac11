import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
  at: number;
}

/**
 * A local webhook receiver: it records every post and answers what `answer` says (200 unless
 * told otherwise: a status, or a status and headers, e.g. a redirect), after `delayMs`. Closed
 * after the file.
 */
export async function startReceiver(
  answer: (
    body: string,
    request: IncomingMessage,
  ) => number | { status: number; headers: Record<string, string> } = () => 200,
) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const given = receiver.answer(body, request);
      const { status, headers } =
        typeof given === 'number' ? { status: given, headers: {} } : given;
      received.push({ headers: request.headers, body, status, at: performance.now() });
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/plain', ...headers });
        response.end(status < 300 ? 'ok' : `answered ${status}`);
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answer,
    /** How long each answer waits (posts in flight when a test kills the server). */
    delayMs: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  afterAll(() => receiver.close());
  return receiver;
}
