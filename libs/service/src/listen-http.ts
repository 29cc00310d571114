import type http from 'node:http';

/** A `node:http` server of its own listening (the operations port, a metrics port). */
export interface ListeningServer {
  /** e.g. `http://127.0.0.1:9464` (no trailing slash); a wildcard bind is shown as 127.0.0.1. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Listens on `port` (0: any free one) and `host` (default 127.0.0.1), with keep-alive connections
 * that never hold up close() for long; close() also ends the connections still open.
 */
export async function listenHttp(server: http.Server, opts: { port: number; host?: string }): Promise<ListeningServer> {
  // A scraper's keep-alive connection must not hold up close().
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address();
  if (addr === null || typeof addr === 'string') {
    server.close();
    throw new Error(`unexpected listen address ${String(addr)}`);
  }
  const wildcard = addr.address === '0.0.0.0' || addr.address === '::';
  const shown = wildcard ? '127.0.0.1' : addr.address;
  return {
    url: `http://${addr.family === 'IPv6' && !wildcard ? `[${shown}]` : shown}:${addr.port}`,
    port: addr.port,
    close: () => new Promise<void>((resolve, reject) => {
      server.close((e) => (e ? reject(e) : resolve()));
      server.closeAllConnections();
    }),
  };
}
