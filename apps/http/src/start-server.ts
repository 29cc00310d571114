import type { FastifyInstance } from 'fastify';
import { createDoor, createService, serveOperations, type OperationsServer, type Service, type ServiceOptions } from '@svc/service';
import { startGrpcServer, type RunningGrpc } from '@svc/grpc';
import { buildServer, type BuildServerOptions } from './server';

export interface StartServerOptions extends ServiceOptions {
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Port (default 8080; 0 picks a free one). */
  port?: number;
  logger?: boolean | { level?: string; stream?: { write(line: string): void } };
  /** Base of the problem documents' `type` links (`SVC_DOCS_URL`); default this server's origin, which serves `/errors/<CODE>`. */
  docsUrl?: string;
  trustProxy?: boolean;
  onFault?: BuildServerOptions['onFault'];
  /** Also serve gRPC (`svc.v1.Solver`, health, reflection) on this port (0: any free one); default off. */
  grpc?: { port: number; host?: string } | false;
  /** The operations port: `/metrics`, `/healthz`, `/readyz` on a server of their own (0: any free port; host default 127.0.0.1); default off. */
  ops?: { port: number; host?: string } | false;
}

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:8080 (no trailing slash). */
  readonly url: string;
  readonly service: Service;
  readonly app: FastifyInstance;
  /** The gRPC door, when `grpc` was given: `host:port` as a client dials it. */
  readonly grpc?: { readonly address: string; readonly port: number };
  /** The operations port's base URL (`/metrics`, `/healthz`, `/readyz`), when `ops` was given. */
  readonly opsUrl?: string;
  /** Stops accepting requests, then shuts the solver pool and the store. */
  close(): Promise<void>;
}

/** Creates the service, builds the app and listens. */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const { host = '127.0.0.1', port = 8080, logger, docsUrl, trustProxy, onFault, grpc: grpcOpts, ops: opsOpts, ...serviceOpts } = opts;
  const service = await createService(serviceOpts);
  const app = buildServer({ service, logger, docsUrl, trustProxy, onFault });
  try {
    await app.listen({ host, port });
  } catch (e) {
    await service.close();
    throw e;
  }
  const addr = app.server.address();
  if (addr === null || typeof addr === 'string') {
    await app.close();
    await service.close();
    throw new Error(`unexpected listen address ${String(addr)}`);
  }
  const wildcard = addr.address === '0.0.0.0' || addr.address === '::';
  const shown = wildcard ? '127.0.0.1' : addr.address;
  const url = `http://${addr.family === 'IPv6' && !wildcard ? `[${shown}]` : shown}:${addr.port}`;
  let grpc: RunningGrpc | undefined;
  if (grpcOpts) {
    try {
      grpc = await startGrpcServer({
        // gRPC has no HTTP origin of its own: its problem documents link this server's /errors pages
        // (behind a wildcard bind, set SVC_PUBLIC_URL so that callers elsewhere can follow them).
        service, door: createDoor(service), docsUrl: docsUrl ?? service.access.publicUrl ?? url, host: grpcOpts.host, port: grpcOpts.port,
        // One line per answered gRPC call in the HTTP request log (silent when the logger is off).
        log: app.log,
        ...(onFault ? { onFault: (err, method) => onFault(err, { method: 'gRPC', url: `/svc.v1.Solver/${method}` }) } : {}),
      });
    } catch (e) {
      await app.close();
      await service.close();
      throw e;
    }
  }
  let ops: OperationsServer | undefined;
  if (opsOpts) {
    try {
      ops = await serveOperations(service, { port: opsOpts.port, host: opsOpts.host });
    } catch (e) {
      await grpc?.close();
      await app.close();
      await service.close();
      throw e;
    }
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    service,
    app,
    ...(grpc ? { grpc: { address: grpc.address, port: grpc.port } } : {}),
    ...(ops ? { opsUrl: ops.url } : {}),
    close() {
      closing ??= (async () => {
        try {
          // Long-polls (HTTP ?wait, MCP job_id waits, gRPC WatchJob) answer now instead of holding the exit.
          service.jobs.wakeAll();
          await grpc?.close();
          await app.close();
          await ops?.close();
        } finally {
          await service.close();
        }
      })();
      return closing;
    },
  };
}
