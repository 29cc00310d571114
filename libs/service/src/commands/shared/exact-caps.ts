/**
 * What every command's exact caps and sure certificates share (each command's own numbers and
 * rules are in its folder, `commands/<command>/exact-caps.ts`; the QUBO family's in
 * shared/qubo-family.ts): a cap per effort from an engine budget, the enumeration certificate,
 * and how far POST /verify re-checks a certified claim by enumeration.
 */
import { EFFORTS, type Effort } from '@svc/engine-ts';
import type { SureCertificate } from '../command-module';

/** A cap per effort from an engine budget. */
export const perEffort = (cap: (e: Effort) => number): Record<Effort, number> => Object.fromEntries(EFFORTS.map((e) => [e, cap(e)])) as Record<Effort, number>;

/** Largest n (m for select) whose certified claim POST /verify re-checks by enumerating every 0/1 assignment. */
export const EXHAUSTIVE_RECHECK_MAX_N = 16;

// ---------------------------------------------------------------------------------------------
// Certificates a solve cannot miss (the free estimate's "yes"). Each mirrors a dispatch rule of
// the engines (families/*/solve.ts, the native twins follow them) whose exact method has no work
// cap: below these sizes the answer is certified unless a latency budget or a cancel stops it.

/** Certified by enumerating `what` when its `free` size is within the engine's enumeration `cap`. */
export function enumeration(free: number, cap: number, what: string): SureCertificate | null {
  return free <= cap ? { reason: `exhaustive enumeration of ${what} always completes (${free} ≤ ${cap})`, instant: false } : null;
}
