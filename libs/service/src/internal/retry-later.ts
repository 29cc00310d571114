/**
 * Store writes that must not be lost when the store refuses them for a while (a full disk): a
 * refund of a held charge, the release of an idempotency key. Each is retried every interval
 * until it succeeds or the service closes; what is still pending then is settled by the next
 * start's recovery (store `recoverInterrupted`), so nothing is lost either way.
 */
export interface RetryLater {
  /** Runs `task` now; if it fails, again every interval until it succeeds. Never throws. */
  run(task: () => Promise<unknown>): Promise<void>;
  /** Tasks still waiting for a retry. */
  readonly pending: number;
  /** Stops retrying (the tasks left are the next start's to settle). */
  close(): void;
}

export function createRetryLater(intervalMs = 2000): RetryLater {
  const tasks = new Set<() => Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const tick = async () => {
    for (const task of [...tasks]) {
      try {
        await task();
        tasks.delete(task);
      } catch {
        // Still refused: the next interval tries again.
      }
    }
    if (tasks.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
  return {
    async run(task) {
      try {
        await task();
      } catch {
        if (closed) return;
        tasks.add(task);
        if (timer === null) {
          timer = setInterval(() => void tick(), intervalMs);
          timer.unref();
        }
      }
    },
    get pending() {
      return tasks.size;
    },
    close() {
      closed = true;
      tasks.clear();
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
}
