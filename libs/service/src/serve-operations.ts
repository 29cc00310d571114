/**
 * The operations port of a process (an HTTP node's `SVC_OPS_PORT`, a worker's `SVC_WORKER_PORT`):
 * `GET /healthz`, `/readyz` and `/metrics` on a `node:http` server of their own, away from the API
 * port, so what scrapers and probes cost never reaches the API's callers and no API caller reaches
 * the metrics. Bound to loopback unless told otherwise.
 */
import http from 'node:http';
import { listenHttp, type ListeningServer } from './listen-http';
import type { Service } from './service';

/** A scrape reuses the text rendered this recently (Prometheus scrapes every 15 s): a flood renders once a second at most. */
export const METRICS_REUSE_MS = 1000;
/** Connections the port holds at once; Node closes any past them as they arrive (a flood holds no more). */
export const OPS_MAX_CONNECTIONS = 8;

export type OperationsServer = ListeningServer;

/** Serves `/healthz`, `/readyz` (503 with Retry-After when not ready) and `/metrics` of `service` on `port` (0: any free one). */
export async function serveOperations(service: Service, opts: { port: number; host?: string }): Promise<OperationsServer> {
  let rendered: { at: number; text: Promise<string> } | null = null;
  const metricsText = (): Promise<string> => {
    const now = performance.now();
    if (rendered === null || now - rendered.at >= METRICS_REUSE_MS) {
      const text = service.renderMetrics();
      rendered = { at: now, text };
      // A failed render is not reused.
      text.catch(() => {
        if (rendered?.text === text) rendered = null;
      });
    }
    return rendered.text;
  };
  const server = http.createServer((req, res) => {
    const send = (code: number, type: string, body: string) => {
      res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store', ...(code === 503 ? { 'retry-after': '30' } : {}), ...(code === 405 ? { allow: 'GET' } : {}) });
      res.end(body);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/healthz' && path !== '/readyz' && path !== '/metrics') return send(404, 'text/plain; charset=utf-8', 'not found: /healthz, /readyz, /metrics\n');
    if (req.method !== 'GET') return send(405, 'text/plain; charset=utf-8', 'GET only\n');
    if (path === '/healthz') return send(200, 'application/json', JSON.stringify(service.health()));
    if (path === '/readyz') {
      service.ready().then((r) => send(r.ready ? 200 : 503, 'application/json', JSON.stringify(r)), (e: unknown) => send(503, 'text/plain; charset=utf-8', `${String(e)}\n`));
      return;
    }
    metricsText().then((t) => send(200, service.metrics.registry.contentType, t), (e: unknown) => send(500, 'text/plain; charset=utf-8', `metrics failed: ${e instanceof Error ? e.message : String(e)}\n`));
  });
  server.maxConnections = OPS_MAX_CONNECTIONS;
  return listenHttp(server, opts);
}
