import { type AddressInfo, connect, createServer, type Socket } from "node:net";

export interface TcpProxy {
  /** Where clients connect instead of the target. */
  host: string;
  port: number;
  /**
   * What a server restart looks like to its clients: every open connection is reset at once, and
   * new ones are reset as soon as they arrive, until `restore`. Returns how many were open.
   */
  cut(): number;
  /** Accepts and forwards connections again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL), so a test can take the server
 * away from one app's connections without touching the server, or anyone else's connections to it.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  /** Each client connection with its connection to the target. */
  const open = new Set<[Socket, Socket]>();
  let down = false;

  const server = createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    open.add(pair);
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const resetAll = () => {
    const count = open.size;
    for (const [client, upstream] of open) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    open.clear();
    return count;
  };

  return {
    host: "127.0.0.1",
    port,
    cut() {
      down = true;
      return resetAll();
    },
    restore() {
      down = false;
    },
    async close() {
      down = true;
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
