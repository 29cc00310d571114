/**
 * Server reflection with bounds. @grpc/reflection answers every request of a stream at once and
 * never looks at back-pressure, so a caller that sends requests without reading the replies made
 * the server hold every reply (16 streams × 100,000 requests: RSS 172 → 1,208 MB, the node stalled
 * for up to 29 s). Here a stream's requests stop being read while its replies are not (the
 * writable side is full: grpc-js then stops reading the caller's messages and HTTP/2 flow control
 * holds the caller), a stream may carry at most `maxRequests` requests (a reflection client
 * needs a handful), then it ends with RESOURCE_EXHAUSTED, and at most `perTurn` of its requests are
 * answered per turn of the event loop.
 */
import * as grpc from '@grpc/grpc-js';

/** Requests one reflection stream may carry (grpcurl and the reflection clients use a few per service). */
export const REFLECTION_MAX_REQUESTS = 1000;
/**
 * Requests of one stream answered per turn of the event loop: one HTTP/2 DATA frame holds about a
 * thousand small requests, and grpc-js hands them over in one go (16 streams × 1,000 requests held
 * the loop for 0.6–1.4 s); past this many the stream is paused until the next turn.
 */
export const REFLECTION_REQUESTS_PER_TURN = 16;

type Handler = (stream: grpc.ServerDuplexStream<unknown, unknown>) => void;

/** The reflection handler `handler` with back-pressure and a per-stream request cap. */
export function boundedReflectionHandler(handler: Handler, maxRequests = REFLECTION_MAX_REQUESTS, perTurn = REFLECTION_REQUESTS_PER_TURN): Handler {
  return (stream) => {
    let requests = 0;
    let ended = false;
    // Paused for unread replies (until 'drain') or for the rest of this turn; read again when neither.
    let draining = false;
    let yielding = false;
    let inTurn = 0;
    const resume = () => {
      if (!ended && !draining && !yielding) stream.resume();
    };
    const write = stream.write.bind(stream) as (m: unknown) => boolean;
    (stream as { write: (m: unknown) => boolean }).write = (m: unknown) => {
      if (ended) return false;
      const ok = write(m);
      if (!ok && !draining) {
        // Unread replies: read no more requests until the caller reads them.
        draining = true;
        stream.pause();
        stream.once('drain', () => {
          draining = false;
          resume();
        });
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
        if (++inTurn >= perTurn && !yielding) {
          // Enough of this stream for this turn: the others and everyone else's calls go first.
          yielding = true;
          stream.pause();
          setImmediate(() => {
            yielding = false;
            inTurn = 0;
            resume();
          });
        }
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
