import { afterAll, describe, expect, it } from 'vitest';
import {
  killAllServers,
  removeTempDirs,
  startServer,
  stopServer,
  tempDir,
} from './server-process.ts';

/**
 * Issue 32: the server writes its JSON log lines to a pipe in batches (server.ts), not a write a
 * line. A batch must still reach the pipe soon when the shop is quiet, and whatever is held when
 * the server stops must be written before it exits.
 */
afterAll(async () => {
  await killAllServers();
  removeTempDirs();
});

const accessLineOf = (output: string, requestId: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map(
      (line) => JSON.parse(line) as { reqId?: string; msg?: string; res?: { statusCode?: number } },
    )
    .find((line) => line.reqId === requestId && line.msg === 'request completed');

describe('log lines written in batches, on a pipe', () => {
  it('a quiet shop writes a request line within a second, and a stopping one writes what it held', async () => {
    const server = await startServer({
      dataDir: tempDir(),
      env: { LOG_LEVEL: 'info', SEED_DEMO: 'false' },
    });
    const first = await fetch(`${server.url}/api/v1/health/live`, {
      headers: { 'x-request-id': 'batch-quiet-1' },
    });
    expect(first.status).toBe(200);
    const deadline = Date.now() + 3_000;
    while (!accessLineOf(server.output(), 'batch-quiet-1') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(accessLineOf(server.output(), 'batch-quiet-1')).toMatchObject({
      res: { statusCode: 200 },
    });

    const last = await fetch(`${server.url}/api/v1/health/live`, {
      headers: { 'x-request-id': 'batch-last-1' },
    });
    expect(last.status).toBe(200);
    expect(await stopServer(server), server.output()).toBe(0);
    expect(accessLineOf(server.output(), 'batch-last-1')).toMatchObject({
      res: { statusCode: 200 },
    });
  }, 120_000);
});
