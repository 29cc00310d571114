import { trimNativeHeap } from '@svc/engine-native';

/** How long after a thread's end the C heap is trimmed (the thread's isolate is torn down meanwhile). */
const TRIM_AFTER_MS = 1_000;

/**
 * Once a thread of `pool` has ended, gives the C heap's free pages back to the system (glibc's
 * `malloc_trim` through the native addon): V8 frees an ended thread's heap to glibc, which keeps
 * the arenas that thread used, so a thread that parsed a large body ended without the process's
 * RSS coming down. One trim per burst of ends; a no-op without the addon or glibc.
 */
export function trimAfterThreadsEnd(
  pool: { on(event: 'workerDestroy', f: () => void): unknown },
  opts: { readonly afterMs?: number; readonly trim?: () => unknown } = {},
): void {
  const trim = opts.trim ?? trimNativeHeap;
  let timer: NodeJS.Timeout | undefined;
  pool.on('workerDestroy', () => {
    clearTimeout(timer);
    timer = setTimeout(trim, opts.afterMs ?? TRIM_AFTER_MS);
    timer.unref();
  });
}
