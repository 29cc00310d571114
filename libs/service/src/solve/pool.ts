import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Piscina } from 'piscina';
import { MessageChannel } from 'node:worker_threads';
import { SvcError } from '@svc/errors';
import type { EngineProgress } from '@svc/engine-ts';
import type { SolveTask, SolveTaskResult, SolveWorkerData } from './task';
import { errorFromData } from '../door/body-check-task';
import type { RawMessage, RawPlanSummary, RawSolveResult, RawSolveTask } from './raw-json';
import { trimAfterThreadsEnd } from './heap-trim';

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
  /** Peak process RSS (KiB) sampled at submission, every ≤ 5 ms while it runs, and at completion. */
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

/** The pool of the service's synchronous solves, which also plans large JSON bodies on its workers. */
export interface StagingPool extends SolvePool {
  /**
   * Starts a raw task (a large JSON body's bytes, moved to the worker, not copied): the worker
   * parses and plans it, and waits for the main thread's decision (`StagedSolve`). Raw tasks run
   * on threads of their own (at most `threads`), each ended once idle for RAW_IDLE_MS so that
   * the heap a large body grew is returned.
   */
  stage(raw: RawSolveTask['raw'], cancel: Int32Array): StagedSolve;
  /** Threads of raw tasks alive now (0 once they have been idle RAW_IDLE_MS). */
  readonly stagingThreads: number;
}

/**
 * What the worker made of a raw task: its plan, or its refusal (the SvcError of planSolve's
 * precedence), each with a keyed task's fingerprint (raw-json.ts `RawMessage`). Null when the
 * worker could not plan it for a fault of ours: `end(true)` gives the bytes back for the main
 * thread's own path.
 */
export type RawPlanned =
  | { readonly summary: RawPlanSummary; readonly fingerprint?: string }
  | { readonly refused: SvcError; readonly fingerprint?: string }
  | null;

/** A raw task planned on its worker, waiting for the main thread's decision. */
export interface StagedSolve {
  /** The worker's plan or refusal; rejects only when the worker failed. */
  readonly planned: Promise<RawPlanned>;
  /**
   * Solves the planned problem; `stop` aborted terminates the thread, as in `run`. Refused with
   * SVC_WORKERS_SATURATED (the task ended) when the pool is saturated now, as `run` would be: a
   * raw task's planning is not counted against the waiting room (the bytes-in-flight budget
   * bounds it), so its refusals (422, 402) come before a saturation.
   */
  go(stopAtEpochMs: number | undefined, stop?: AbortSignal): Promise<PoolRun & { readonly out: { readonly receipt: string } }>;
  /** Ends the task without solving; with `giveBack` the bytes come back (else null). */
  end(giveBack: boolean): Promise<Uint8Array | null>;
}

/** A thread that parsed a large body ends after this long idle, and its heap is returned (createSolvePool). */
export const RAW_IDLE_MS = 1_000;

/** While a solve runs, RSS is sampled this often (and at its start and end). */
const RSS_SAMPLE_MS = 5;

/**
 * This process's resident set in bytes. On Linux it is read from /proc/self/statm through a
 * descriptor opened once (about 4 µs a read on the machine of docs/reliability.md), not with
 * `process.memoryUsage.rss()`, which opens and parses /proc/self/stat on every call (about 31 µs):
 * the sampler reads it at every solve's start and end, hundreds of times a second under load.
 */
class RssReader {
  private static fd: number | null | undefined;
  private static pageBytes = 4096;
  private static readonly buf = Buffer.alloc(128);

  static read(): number {
    if (RssReader.fd === undefined) RssReader.open();
    if (RssReader.fd === null) return process.memoryUsage.rss();
    try {
      return RssReader.pages() * RssReader.pageBytes;
    } catch {
      RssReader.fd = null;
      return process.memoryUsage.rss();
    }
  }

  private static open(): void {
    try {
      RssReader.fd = fs.openSync('/proc/self/statm', 'r');
      // statm counts pages: the page size is the power of two nearest to bytes per page now.
      RssReader.pageBytes = 2 ** Math.round(Math.log2(process.memoryUsage.rss() / RssReader.pages()));
      if (!Number.isFinite(RssReader.pageBytes) || RssReader.pageBytes < 1024) throw new Error('statm: no page size');
    } catch {
      if (typeof RssReader.fd === 'number') fs.closeSync(RssReader.fd);
      RssReader.fd = null;
    }
  }

  /** statm's second field: resident pages. */
  private static pages(): number {
    const { buf } = RssReader;
    const n = fs.readSync(RssReader.fd!, buf, 0, buf.length, 0);
    const text = buf.toString('latin1', 0, n);
    const from = text.indexOf(' ') + 1;
    const pages = Number(text.slice(from, text.indexOf(' ', from)));
    if (!(pages > 0)) throw new Error('statm: unreadable');
    return pages;
  }
}

/** This process's resident set in bytes (`RssReader`). */
export const readRss = (): number => RssReader.read();

/** Samples process RSS while at least one solve is running; each solve keeps its own peak. */
export class RssSampler {
  private readonly peaks = new Set<{ peak: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: () => number = readRss,
    private readonly everyMs: number = RSS_SAMPLE_MS,
  ) {}

  start(): { peak: number } {
    const t = { peak: this.read() };
    this.peaks.add(t);
    if (!this.timer) {
      this.timer = setInterval(() => this.sample(), this.everyMs);
      this.timer.unref();
    }
    return t;
  }

  stop(t: { peak: number }): number {
    t.peak = Math.max(t.peak, this.read());
    this.peaks.delete(t);
    if (this.peaks.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    return Math.ceil(t.peak / 1024);
  }

  private sample(): void {
    const rss = this.read();
    for (const t of this.peaks) if (rss > t.peak) t.peak = rss;
  }
}

export function createSolvePool(opts: {
  /** Passed to `createEngine` in every worker, exactly as the service passed it. */
  engine?: 'native' | 'ts';
  threads: number;
  maxQueue: number;
  workerFile?: string;
  /** How long a thread of large bodies (stage) stays once idle (default RAW_IDLE_MS). */
  rawIdleMs?: number;
}): StagingPool {
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
  // Large JSON bodies (stage) run on threads of their own, which end once idle for RAW_IDLE_MS:
  // parsing a 95 MiB body grows a thread's heap past a gigabyte, and V8 keeps what it grew; a
  // thread that ends gives all of it back. Their solves still count against `threads` (go).
  const rawPool = new Piscina({
    filename,
    ...(WORKER_EXEC_ARGV ? { execArgv: WORKER_EXEC_ARGV } : {}),
    minThreads: 0,
    maxThreads: opts.threads,
    idleTimeout: opts.rawIdleMs ?? RAW_IDLE_MS,
    workerData,
  });
  trimAfterThreadsEnd(pool);
  trimAfterThreadsEnd(rawPool);
  const sampler = new RssSampler();
  let closed = false;
  let inFlight = 0;
  const saturated = () => new SvcError('SVC_WORKERS_SATURATED', `All ${opts.threads} solver workers are busy and ${opts.maxQueue} solves are waiting.`);

  /** Takes a place among the threads and the waiting room, or refuses (busy, saturated). */
  const enter = (): { peak: number } => {
    if (closed) throw new SvcError('SVC_BUSY', 'The service is shutting down.');
    // Piscina does not count abortable tasks against maxQueue (they wait in its skip queue), so
    // the waiting room is bounded here: threads running plus maxQueue waiting.
    if (inFlight >= opts.threads + opts.maxQueue) {
      throw saturated();
    }
    inFlight++;
    return sampler.start();
  };
  const leave = (tracker: { peak: number }): number => {
    inFlight--;
    return sampler.stop(tracker);
  };
  /** A worker's failure as the SvcError the caller sees. */
  const failure = (e: unknown, stop: AbortSignal | undefined): SvcError => {
    if (e instanceof SvcError) return e;
    if (stop?.aborted) {
      return new SvcError('SVC_ENGINE_FAILURE', 'The solver did not stop when asked (its deadline or a cancel); its worker thread was terminated and replaced.', { cause: e });
    }
    if (e instanceof Error && e.message === 'Task queue is at limit') {
      return saturated();
    }
    return new SvcError('SVC_ENGINE_FAILURE', 'The solver engine failed on this request.', { cause: e });
  };

  return {
    threads: opts.threads,
    get waiting() {
      return pool.queueSize;
    },
    get busy() {
      return Math.min(inFlight, opts.threads);
    },
    get stagingThreads() {
      return rawPool.threads.length;
    },
    async run(task, stop, onProgress) {
      const tracker = enter();
      const submittedAt = epochNow();
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
        return { out, submittedAt, peakRssKb: leave(tracker) };
      } catch (e) {
        leave(tracker);
        throw failure(e, stop);
      } finally {
        channel?.port1.close();
      }
    },
    stage(raw, cancel) {
      if (closed) throw new SvcError('SVC_BUSY', 'The service is shutting down.');
      const tracker = sampler.start();
      let counted = false;
      const submittedAt = epochNow();
      const abort = new AbortController();
      const channel = new MessageChannel();
      channel.port1.unref();
      const first = new Promise<RawMessage>((resolve) => channel.port1.once('message', resolve));
      // Its own ArrayBuffer, so moving it detaches nothing else (Buffer.concat of a large body already is).
      const b = raw.bytes;
      const own = b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : Uint8Array.prototype.slice.call(b);
      const task: RawSolveTask = { raw: { ...raw, bytes: own }, cancel, port: channel.port2 };
      let stop: AbortSignal | undefined;
      const running = (rawPool.run(task as never, { signal: abort.signal, transferList: [channel.port2 as never, own.buffer as ArrayBuffer] }) as unknown as Promise<RawSolveResult>)
        .catch((e: unknown) => {
          throw failure(e, stop);
        })
        .finally(() => {
          channel.port1.close();
        });
      let peakRssKb = 0;
      const settled = running.then(() => undefined, () => undefined).then(() => {
        if (counted) inFlight--;
        peakRssKb = sampler.stop(tracker);
      });
      const planned = Promise.race([first, running]).then((m): RawPlanned => {
        const fp = 'fingerprint' in m && m.fingerprint !== undefined ? { fingerprint: m.fingerprint } : {};
        if ('summary' in m) return { summary: m.summary, ...fp };
        if ('refused' in m) return { refused: errorFromData(m.refused), ...fp };
        if ('solved' in m) throw new Error('raw solve: solved before it was told to');
        return null;
      });
      // Whoever does not await these is not left with an unhandled rejection.
      planned.catch(() => undefined);
      running.catch(() => undefined);
      return {
        planned,
        async go(stopAtEpochMs, s) {
          if (inFlight >= opts.threads + opts.maxQueue) {
            channel.port1.postMessage({ end: { giveBack: false } });
            throw saturated();
          }
          inFlight++;
          counted = true;
          stop = s;
          const onStop = () => abort.abort();
          s?.addEventListener('abort', onStop, { once: true });
          if (s?.aborted) abort.abort();
          try {
            channel.port1.postMessage({ go: stopAtEpochMs === undefined ? {} : { stopAtEpochMs } });
            const r = await running;
            await settled;
            if (!('solved' in r)) throw new SvcError('SVC_ENGINE_FAILURE', 'The solver worker ended a planned solve without solving it.');
            return { out: r.solved, submittedAt, peakRssKb };
          } finally {
            s?.removeEventListener('abort', onStop);
          }
        },
        async end(giveBack) {
          channel.port1.postMessage({ end: { giveBack } });
          const r = await running;
          await settled;
          return 'bytes' in r ? r.bytes : null;
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.destroy(), rawPool.destroy()]);
    },
  };
}
