import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Piscina } from 'piscina';
import { MessageChannel } from 'node:worker_threads';
import { SvcError } from '@svc/errors';
import type { EngineProgress } from '@svc/engine-ts';
import type { SolveTask, SolveTaskResult, SolveWorkerData } from './task';

const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Piscina loads the worker by `require(filename)` first. On Node >= 20.19 that require of our ESM
 * bundle goes through require(esm), and a worker terminated while it loads (a pool closed right
 * after it started) aborts the whole process (Node assertion in CreateRequiredModuleFacade,
 * seen in apps/http meta.test.ts). Without require(esm) the require throws ERR_REQUIRE_ESM and
 * piscina falls back to `import()`, which a termination merely cancels.
 */
// A worker's other options are inherited from this thread; execArgv only adds to them.
const WORKER_EXEC_ARGV: string[] | undefined = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? ['--no-experimental-require-module']
  : undefined;

/**
 * The bundled worker (dist/solve-worker.mjs), found through this package's package.json so it
 * resolves the same from source (vitest) and from an esbuild bundle of a front door.
 */
export function defaultWorkerFile(): string {
  const req = createRequire(import.meta.url);
  return path.join(path.dirname(req.resolve('@svc/service/package.json')), 'dist', 'solve-worker.mjs');
}

export interface PoolRun {
  readonly out: SolveTaskResult;
  readonly submittedAt: number;
  /** Peak process RSS (KiB) sampled every ≤ 5 ms from submission to completion. */
  readonly peakRssKb: number;
}

export interface SolvePool {
  /**
   * Runs a task on a worker thread. `stop` aborted terminates the thread running it (a solver that
   * ignores its cancel flag): the run rejects with SVC_ENGINE_FAILURE and the pool starts a new
   * thread.
   */
  run(task: SolveTask, stop?: AbortSignal, onProgress?: (p: EngineProgress) => void): Promise<PoolRun>;
  readonly threads: number;
  /** Solves waiting for a free worker (safe mode watches this). */
  readonly waiting: number;
  /** Workers running a solve now (≤ threads; the utilisation metric). */
  readonly busy: number;
  close(): Promise<void>;
}

const RSS_SAMPLE_MS = 5;

/** Samples process RSS while at least one solve is running; each solve keeps its own peak. */
class RssSampler {
  private readonly peaks = new Set<{ peak: number }>();
  private timer: NodeJS.Timeout | undefined;

  start(): { peak: number } {
    const t = { peak: process.memoryUsage.rss() };
    this.peaks.add(t);
    if (!this.timer) {
      this.timer = setInterval(() => this.sample(), RSS_SAMPLE_MS);
      this.timer.unref();
    }
    return t;
  }

  stop(t: { peak: number }): number {
    t.peak = Math.max(t.peak, process.memoryUsage.rss());
    this.peaks.delete(t);
    if (this.peaks.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    return Math.ceil(t.peak / 1024);
  }

  private sample(): void {
    const rss = process.memoryUsage.rss();
    for (const t of this.peaks) if (rss > t.peak) t.peak = rss;
  }
}

export function createSolvePool(opts: {
  /** Passed to `createEngine` in every worker, exactly as the service passed it. */
  engine?: 'native' | 'ts';
  threads: number;
  maxQueue: number;
  workerFile?: string;
}): SolvePool {
  const workerData: SolveWorkerData = { engine: opts.engine };
  const filename = opts.workerFile ?? defaultWorkerFile();
  // Fail at startup, not on the first solve, when the bundle was never built.
  if (!fs.existsSync(filename)) throw new Error(`solver worker bundle not found at ${filename}; run \`npx nx run service:build\``);
  const pool = new Piscina<SolveTask, SolveTaskResult>({
    filename,
    ...(WORKER_EXEC_ARGV ? { execArgv: WORKER_EXEC_ARGV } : {}),
    minThreads: 1,
    maxThreads: opts.threads,
    maxQueue: opts.maxQueue,
    idleTimeout: 60_000,
    workerData,
  });
  const sampler = new RssSampler();
  let closed = false;
  let inFlight = 0;

  return {
    threads: opts.threads,
    get waiting() {
      return pool.queueSize;
    },
    get busy() {
      return Math.min(inFlight, opts.threads);
    },
    async run(task, stop, onProgress) {
      if (closed) throw new SvcError('SVC_BUSY', 'The service is shutting down.');
      // Piscina does not count abortable tasks against maxQueue (they wait in its skip queue), so
      // the waiting room is bounded here: threads running plus maxQueue waiting.
      if (inFlight >= opts.threads + opts.maxQueue) {
        throw new SvcError('SVC_WORKERS_SATURATED', `All ${opts.threads} solver workers are busy and ${opts.maxQueue} solves are waiting.`);
      }
      inFlight++;
      const submittedAt = epochNow();
      const tracker = sampler.start();
      // Progress crosses threads on a port of its own, transferred with the task.
      const channel = onProgress ? new MessageChannel() : null;
      if (channel && onProgress) {
        channel.port1.on('message', (p: EngineProgress) => {
          try {
            onProgress(p);
          } catch {
            // A hint: a listener's fault never reaches the solve or the process.
          }
        });
        channel.port1.unref();
      }
      try {
        const out = await pool.run(channel ? { ...task, progress: channel.port2 } : task, {
          signal: stop ?? null,
          ...(channel ? { transferList: [channel.port2] } : {}),
        });
        channel?.port1.close();
        inFlight--;
        return { out, submittedAt, peakRssKb: sampler.stop(tracker) };
      } catch (e) {
        channel?.port1.close();
        inFlight--;
        sampler.stop(tracker);
        if (stop?.aborted) {
          throw new SvcError('SVC_ENGINE_FAILURE', 'The solver did not stop when asked (its deadline or a cancel); its worker thread was terminated and replaced.', { cause: e });
        }
        if (e instanceof Error && e.message === 'Task queue is at limit') {
          throw new SvcError('SVC_WORKERS_SATURATED', `All ${opts.threads} solver workers are busy and ${opts.maxQueue} solves are waiting.`);
        }
        throw new SvcError('SVC_ENGINE_FAILURE', 'The solver engine failed on this request.', { cause: e });
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.destroy();
    },
  };
}
