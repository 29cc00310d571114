import type { Store } from '@svc/store';
import type { ServiceMetrics } from './metrics';

/**
 * The store with every call timed into `svc_store_duration_seconds{operation}` (the method's
 * name), failures also counted in `svc_store_errors_total`. A proxy, so each method of either
 * implementation (SQLite, PostgreSQL) is measured without being touched; properties (`kind`,
 * `lease`) pass through. Every `Store` method returns a promise: its time is from the call to
 * its settling (a PostgreSQL call waiting for a pooled connection counts that wait).
 */
export function measureStore(store: Store, metrics: Pick<ServiceMetrics, 'observeStore'>): Store {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop, target);
      if (typeof v !== 'function' || typeof prop !== 'string') return v;
      let w = wrapped.get(prop);
      if (w === undefined) {
        const fn = v as (...args: unknown[]) => unknown;
        w = function measured(...args: unknown[]): unknown {
          const t0 = performance.now();
          let out: unknown;
          try {
            out = fn.apply(target, args);
          } catch (e) {
            metrics.observeStore(prop, (performance.now() - t0) / 1000, true);
            throw e;
          }
          if (out instanceof Promise) {
            out.then(
              () => metrics.observeStore(prop, (performance.now() - t0) / 1000, false),
              () => metrics.observeStore(prop, (performance.now() - t0) / 1000, true),
            );
          } else {
            metrics.observeStore(prop, (performance.now() - t0) / 1000, false);
          }
          return out;
        };
        wrapped.set(prop, w);
      }
      return w;
    },
  });
}
