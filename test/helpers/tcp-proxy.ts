// A TCP proxy between Folio and PostgreSQL that a test can cut and restore, to stand in
// for a network fault or a database restart.
import { createServer, connect, type Server, type Socket } from "node:net";
import { once } from "node:events";

export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts accepting (again) on the same port as before, or a free one the first time. */
  async open(): Promise<void> {
    const server = createServer((client) => this.pipe(client));
    server.listen(this.port, "127.0.0.1");
    await once(server, "listening");
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.targetPort, this.targetHost);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }

  /** Stops accepting and breaks every open connection. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A URL like `url` that goes through the proxy. */
  urlFor(url: string): string {
    const through = new URL(url);
    through.hostname = "127.0.0.1";
    through.port = String(this.port);
    return through.href;
  }
}
