import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy the test controls, between a server and PostgreSQL: `cut()` breaks every open
 * connection and refuses new ones (accepted, then closed at once) until `restore()`.
 * `freeze()` is the nastier fault, a database that hangs or a partition that drops packets:
 * open connections stay open but nothing crosses, new ones are accepted and never answered;
 * `restore()` then breaks the frozen connections (as a long partition would) and forwards again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let cut = false;
  let frozen = false;
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
    client.pipe(upstream);
    upstream.pipe(client);
  });
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
    restore() {
      cut = false;
      if (frozen) for (const socket of held) socket.destroy();
      held.clear();
      frozen = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of [...sockets, ...held]) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
