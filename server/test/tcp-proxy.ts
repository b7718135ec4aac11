import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy the test controls, between a server and PostgreSQL: `cut()` breaks every open
 * connection and refuses new ones (accepted, then closed at once) until `restore()`.
 * `freeze()` is the nastier fault, a database that hangs or a partition that drops packets:
 * open connections stay open but nothing crosses, new ones are accepted and never answered;
 * `restore()` then breaks the frozen connections (as a long partition would) and forwards again.
 * `holdAnswers()` lets the requests through but holds back the database's answers (issue 31: a
 * commit that happened, whose answer the server never heard); `restore()` ends it the same way.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let cut = false;
  let frozen = false;
  let answersHeld = false;
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const held = new Set<Socket>();
  const server = createServer((client) => {
    if (cut) return void client.destroy();
    if (frozen) {
      held.add(client);
      client.on('error', () => {});
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    const pair = { client, upstream };
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    client.pipe(upstream);
    if (answersHeld) holdAnswersOf(pair);
    else upstream.pipe(client);
  });
  const holdAnswersOf = ({ client, upstream }: { client: Socket; upstream: Socket }) => {
    upstream.unpipe(client);
    upstream.pause();
    held.add(client);
    held.add(upstream);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    freeze() {
      frozen = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
        held.add(socket);
      }
    },
    holdAnswers() {
      answersHeld = true;
      for (const pair of pairs) holdAnswersOf(pair);
    },
    restore() {
      cut = false;
      if (frozen || answersHeld) for (const socket of held) socket.destroy();
      held.clear();
      frozen = false;
      answersHeld = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...sockets, ...held]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
