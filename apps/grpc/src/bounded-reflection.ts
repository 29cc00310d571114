/**
 * Server reflection with bounds. @grpc/reflection answers every request of a stream at once and
 * never looks at back-pressure, so a caller that sends requests without reading the replies made
 * the server hold every reply (16 streams × 100,000 requests: RSS 172 → 1,208 MB, the node stalled
 * for up to 29 s). Here a stream's requests stop being read while its replies are not (the
 * writable side is full: grpc-js then stops reading the caller's messages and HTTP/2 flow control
 * holds the caller), and a stream may carry at most `maxRequests` requests (a reflection client
 * needs a handful), then it ends with RESOURCE_EXHAUSTED.
 */
import * as grpc from '@grpc/grpc-js';

/** Requests one reflection stream may carry (grpcurl and the reflection clients use a few per service). */
export const REFLECTION_MAX_REQUESTS = 1000;

type Handler = (stream: grpc.ServerDuplexStream<unknown, unknown>) => void;

/** The reflection handler `handler` with back-pressure and a per-stream request cap. */
export function boundedReflectionHandler(handler: Handler, maxRequests = REFLECTION_MAX_REQUESTS): Handler {
  return (stream) => {
    let requests = 0;
    let ended = false;
    const write = stream.write.bind(stream) as (m: unknown) => boolean;
    (stream as { write: (m: unknown) => boolean }).write = (m: unknown) => {
      if (ended) return false;
      const ok = write(m);
      if (!ok && !stream.isPaused()) {
        // Unread replies: read no more requests until the caller reads them.
        stream.pause();
        stream.once('drain', () => stream.resume());
      }
      return ok;
    };
    const on = stream.on.bind(stream) as (event: string, fn: (...a: unknown[]) => void) => unknown;
    (stream as { on: unknown }).on = (event: string, fn: (...a: unknown[]) => void) => {
      if (event !== 'data') return on(event, fn);
      return on('data', (m: unknown) => {
        if (ended) return;
        if (++requests > maxRequests) {
          ended = true;
          stream.pause();
          const details = `A reflection stream may carry at most ${maxRequests} requests; open another.`;
          stream.emit('error', Object.assign(new Error(details), { code: grpc.status.RESOURCE_EXHAUSTED, details }));
          return;
        }
        fn(m);
      });
    };
    stream.once('cancelled', () => {
      ended = true;
    });
    handler(stream);
  };
}

/**
 * A stand-in for `server` in `ReflectionService.addToServer`: the services it adds get the
 * bounded handler.
 */
export function withBoundedReflection(server: grpc.Server, maxRequests = REFLECTION_MAX_REQUESTS): Pick<grpc.Server, 'addService'> {
  return {
    addService(def, impl) {
      const wrapped = Object.fromEntries(Object.entries(impl).map(([name, h]) => [name, boundedReflectionHandler(h as Handler, maxRequests)]));
      server.addService(def, wrapped as grpc.UntypedServiceImplementation);
    },
  };
}
