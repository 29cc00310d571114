/**
 * How a latency budget (`max_latency_ms`) becomes the engine's deadline (docs/reliability.md
 * "Deadlines"). The budget counts from the moment the request arrived (Fastify's start of it, a
 * door's call; a queued job: `jobBudgetStart`), so everything the service does before the engine
 * starts — parsing, validation, the result-cache lookup, waiting for a free worker, handing the
 * problem to the worker — is taken out of the engine's share; and the engine stops early enough
 * for the work after it (re-score, receipt, storage, serialisation) to fit in the budget too. The deadline only cuts work: an effort level
 * stays a fixed work budget, so answers that finish before it are the same on any machine.
 */

/** Fixed part of the post-engine reserve: result transfer, store writes, the reply. */
export const POST_SOLVE_BASE_MS = 15;
/** Per problem term (the plan's `terms`): the re-score and the receipt's hash of the problem's canonical JSON. */
export const POST_SOLVE_MS_PER_TERM = 0.00004;
/** The reserve never takes more than this share of the budget. */
export const POST_SOLVE_MAX_SHARE = 0.1;

/**
 * The documented guarantee (docs/reliability.md "Deadlines"): a call with `max_latency_ms = B`
 * is answered within B + `deadlineMarginMs(B)` of its arrival (a job that waited for a job
 * worker: of its start), on a loaded machine too, with the engines' stop latency as measured there.
 */
export const DEADLINE_MARGIN_MIN_MS = 200;
export const DEADLINE_MARGIN_SHARE = 0.03;

/** The documented margin past a budget of `budgetMs`: max(200 ms, 3 % of it); 0 without a budget. */
export function deadlineMarginMs(budgetMs: number): number {
  return budgetMs > 0 ? Math.max(DEADLINE_MARGIN_MIN_MS, DEADLINE_MARGIN_SHARE * budgetMs) : 0;
}

/** The milliseconds kept back from a budget of `budgetMs` for the work after the engine on a problem of `terms` terms. */
export function postSolveReserveMs(budgetMs: number, terms: number): number {
  if (!(budgetMs > 0)) return 0;
  const want = POST_SOLVE_BASE_MS + POST_SOLVE_MS_PER_TERM * Math.max(0, terms);
  return Math.min(want, POST_SOLVE_MAX_SHARE * budgetMs);
}

/**
 * The moment (the caller's clock, e.g. `performance.now()`) the engine must stop: the request's
 * arrival plus the budget minus the post-solve reserve. Undefined without a budget.
 */
export function engineStopAt(acceptedAt: number, budgetMs: number, terms: number): number | undefined {
  if (!(budgetMs > 0)) return undefined;
  return acceptedAt + budgetMs - postSolveReserveMs(budgetMs, terms);
}

/**
 * The `deadlineMs` an engine gets when it starts at `now` for a stop at `stopAt` (same clock):
 * what is left then, at least 1 ms (0 would mean "no deadline" to an engine). Computed in the
 * worker at the start of the solve, so time spent queued for the worker is not given twice.
 */
export function remainingDeadlineMs(stopAt: number | undefined, now: number): number | undefined {
  if (stopAt === undefined) return undefined;
  return Math.max(1, Math.floor(stopAt - now));
}

/**
 * When a queued job's budget starts (same clock for both): at its acceptance when a job worker
 * of this process was free to take it at once (`acceptedAt` known) and it started within its
 * budget of that, so the POST, the store write and the claim count against it; else when it
 * started (it waited for a worker behind other jobs, reported as `queue_ms`).
 */
export function jobBudgetStart(acceptedAt: number | undefined, startedAt: number, budgetMs: number): number {
  return acceptedAt !== undefined && budgetMs > 0 && startedAt - acceptedAt < budgetMs ? acceptedAt : startedAt;
}
