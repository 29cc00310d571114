/**
 * What the roles of the job service (producer, runner, feed, reader) share in one process: the
 * jobs running here, the acceptance times of jobs a free worker takes, the shutdown flags and the
 * wakes of long-polls, watchers and cancels.
 */
import type { SolvePlan } from '../solve/plan';
import type { PlanProgress } from '../solve/run';
import type { JobQueue } from '../distributed/job-queue';
import type { WorkEstimate } from '../solve/work-model';

/** A job running in this process. */
export interface Active {
  readonly cancel: Int32Array;
  /** Terminates the worker thread (an engine that ignores `cancel`). */
  readonly stop: AbortController;
  cancelRequested: boolean;
  readonly startedPerf: number;
  plan?: SolvePlan;
  estimate?: WorkEstimate;
  bound: number | null;
  warmObjective: number | null;
  /** The engine's latest progress report (runPlan onProgress), if any. */
  engine?: PlanProgress;
  /** performance.now() of the last progress wake of this job's watchers. */
  progressWokeAt?: number;
  /** The report last announced to other processes (queue mode). */
  publishedEngine?: PlanProgress;
  readonly done: Promise<void>;
}

export interface JobRoom {
  /** Jobs running in this process, by id. */
  readonly active: Map<string, Active>;
  /**
   * Jobs accepted while a job worker of this process was free, with their acceptance time: their
   * latency budget counts from it (the POST, the store write and the claim are the service's
   * time, not a wait behind other jobs). A job that waits for a worker counts from its start.
   */
  readonly acceptedFree: Map<string, number>;
  /** The service is closed: nothing new starts. */
  closed: boolean;
  /** Shutting down: long-polls answer the current state at once. */
  draining: boolean;
  readonly wakes: JobWakes;
}

/** Wakes of this process's long-polls (a job's end or progress) and of cancels waiting for a runner elsewhere. */
export interface JobWakes {
  /**
   * Resolves after `ms`, or at once on the job's end here (false) or, with `orProgress`, on its
   * next progress report (true).
   */
  waitOnce(jobId: string, ms: number, orProgress: boolean): Promise<boolean>;
  /** Wakes the long-polls of `jobId` in this process. */
  notify(jobId: string): void;
  /** Wakes the progress watchers of `jobId` in this process. */
  notifyProgress(jobId: string): void;
  /** A job ended here: this process's waiters wake now, other processes' through the queue's channel. */
  ended(jobId: string): void;
  /** True when a runner acknowledges the cancel of `jobId` (`cancelAcked`) within `ms` of `ask`. */
  ackedWithin(jobId: string, ms: number, ask: () => void): Promise<boolean>;
  /** A runner said it heard the cancel of `jobId`. */
  cancelAcked(jobId: string): void;
  /** Wakes every long-poll of this process. */
  notifyAll(): void;
}

export function createJobRoom(queue: JobQueue | null): JobRoom {
  return { active: new Map(), acceptedFree: new Map(), closed: false, draining: false, wakes: createJobWakes(queue) };
}

/** Takes the set of `key` out of `sets` and calls each of its wakes. */
function wakeSet(sets: Map<string, Set<() => void>>, key: string): void {
  const set = sets.get(key);
  if (!set) return;
  sets.delete(key);
  for (const wake of set) wake();
}

function createJobWakes(queue: JobQueue | null): JobWakes {
  const waiters = new Map<string, Set<() => void>>();
  /** Waiters that also wake on a job's progress (get with orProgress). */
  const progressWaiters = new Map<string, Set<() => void>>();
  /** Cancels waiting for a runner in another process to acknowledge (the `cancelling` event). */
  const cancelAcks = new Map<string, Set<() => void>>();
  const notify = (jobId: string) => wakeSet(waiters, jobId);
  return {
    waitOnce: (jobId, ms, orProgress) => new Promise<boolean>((resolve) => {
      let set = waiters.get(jobId);
      if (!set) waiters.set(jobId, (set = new Set()));
      let progressSet: Set<() => void> | undefined;
      const done = (why: boolean) => {
        clearTimeout(timer);
        set!.delete(wake);
        progressSet?.delete(onProgress);
        resolve(why);
      };
      const wake = () => done(false);
      const onProgress = () => done(true);
      const timer = setTimeout(wake, ms);
      set.add(wake);
      if (orProgress) {
        progressSet = progressWaiters.get(jobId);
        if (!progressSet) progressWaiters.set(jobId, (progressSet = new Set()));
        progressSet.add(onProgress);
      }
    }),
    notify,
    notifyProgress: (jobId) => wakeSet(progressWaiters, jobId),
    ended(jobId) {
      if (queue) queue.publish({ t: 'ended', id: jobId });
      else notify(jobId);
    },
    ackedWithin: (jobId, ms, ask) => new Promise<boolean>((resolve) => {
      let set = cancelAcks.get(jobId);
      if (!set) cancelAcks.set(jobId, (set = new Set()));
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        set!.delete(wake);
        if (set!.size === 0 && cancelAcks.get(jobId) === set) cancelAcks.delete(jobId);
        resolve(false);
      }, ms);
      set.add(wake);
      ask();
    }),
    cancelAcked: (jobId) => wakeSet(cancelAcks, jobId),
    notifyAll() {
      for (const id of [...waiters.keys()]) notify(id);
    },
  };
}
