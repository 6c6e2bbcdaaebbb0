import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of PostgreSQL: `stop` cuts every connection and refuses new ones
 * (the database gone, as the API sees it), `start` listens on the same port again. The machine's
 * PostgreSQL itself is never touched.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const open = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const close = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          socket.on('error', close);
          socket.on('close', close);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  async function stop() {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise((resolve) => closing.close(resolve));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  }

  await open();
  return {
    get port() {
      return port;
    },
    /** connections through the proxy right now */
    open: () => sockets.size / 2,
    stop,
    start: open,
  };
}
