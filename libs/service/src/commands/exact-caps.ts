/**
 * Every exact cap of the service in one place: what capabilities quote (`certified_caps`), what
 * analyze reports (`would_certify`, `exact_caps`) and how far POST /verify re-checks a certified
 * claim by enumeration. Each command module points its `exactCaps` at one of these.
 */
import { binomialAtMost, budgetFor, certifiedCaps, designBudgetFor, designShape, EFFORTS, majorityComponents, qapBudgetFor, rankBudgetFor, sampleBudget, selectBudgetFor, tspBudgetFor, type Effort } from '@svc/engine-ts';
import type { PreparedSolve } from './adapter';
import type { SureCertificate } from './command-module';

/** A cap per effort from an engine budget. */
const perEffort = (cap: (e: Effort) => number): Record<Effort, number> => Object.fromEntries(EFFORTS.map((e) => [e, cap(e)])) as Record<Effort, number>;

/** Largest n (m for select) whose certified claim POST /verify re-checks by enumerating every 0/1 assignment. */
export const EXHAUSTIVE_RECHECK_MAX_N = 16;

/**
 * Typical certified sizes of the QUBO family per effort (enumeration, then branch and bound with
 * proven bounds), as measured for random instances by the engines' deterministic work budgets.
 * Typical, not a rule: certification depends on the method finishing (commands.md "Certified").
 */
export function quboExactCaps(command: 'optimize' | 'maxcut'): Record<Effort, number> {
  return certifiedCaps(command);
}

/** sample certifies when the engine enumerates every state: the engine's own enumeration cap per effort. */
export function sampleExactCaps(): Record<Effort, number> {
  return perEffort((e) => sampleBudget(e, 1, 0, 1).exactMaxN);
}

/**
 * Typical m certified by branch and bound per effort (measured: every random instance of density
 * 0.5 with k = m/4 or m/2 at this m; about half of them at m + 10 to m + 30);
 * capabilities quotes them as sizes, not rules: any m is certified when the search finishes,
 * and without redundancy every m is (the top k by affinity).
 */
export const SELECT_TYPICAL_EXACT_M = { flash: 30, medium: 40, high: 40 } as const;

/**
 * Typical n certified by branch and bound per effort (measured on random mixed-rule instances, 0.5n
 * to n rules, with a quadratic objective: all certified at this n, some up to n = 100);
 * capabilities quotes them as sizes, not rules: any n is certified when the search finishes
 * (a pure satisfaction problem with a satisfying answer is, at any n).
 */
export const RULES_TYPICAL_EXACT_N = { flash: 40, medium: 50, high: 60 } as const;

// ---------------------------------------------------------------------------------------------
// Certificates a solve cannot miss (the free estimate's "yes"). Each mirrors a dispatch rule of
// the engines (families/*/solve.ts, the native twins follow them) whose exact method has no work
// cap: below these sizes the answer is certified unless a latency budget or a cancel stops it.

function enumeration(free: number, cap: number, what: string): SureCertificate | null {
  return free <= cap ? { reason: `exhaustive enumeration of ${what} always completes (${free} ≤ ${cap})`, instant: false } : null;
}

/** optimize and feel: every one of 2^n states is enumerated when n is at most the model's enumeration cap. */
export function quboSurely(prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'qubo') return null;
  return enumeration(p.n, budgetFor('optimize', effort, 1, 0, version).exactMaxN, 'every assignment');
}

/** maxcut: the complete graph by construction; otherwise enumeration as optimize. */
export function maxcutSurely(prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'maxcut') return null;
  if (p.complete) return { reason: 'certified by construction (the complete graph)', instant: true };
  return enumeration(p.n, budgetFor('maxcut', effort, 1, 0, version).exactMaxN, 'every cut');
}

/** want: the free (unpinned) variables are enumerated as optimize's. */
export function wantSurely(prep: PreparedSolve, effort: Effort, version: string): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'qubo') return null;
  const free = p.n - (p.pins?.index.length ?? 0);
  if (free === 0) return { reason: 'every variable is pinned: one assignment', instant: true };
  return enumeration(free, budgetFor('optimize', effort, 1, 0, version).exactMaxN, 'every assignment of the unpinned variables');
}

/** sample: the k best states are exact when every state is enumerated. */
export function sampleSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'qubo') return null;
  return enumeration(p.n, sampleBudget(effort, 1, 0, 1).exactMaxN, 'every state');
}

/** select: every item, the top k without redundancy, or every k-subset when there are few. */
export function selectSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'select') return null;
  if (p.k === p.n) return { reason: 'k = m: every item is chosen', instant: true };
  if (p.redundancy === null) return { reason: 'no redundancy: the k largest affinities are optimal by construction', instant: true };
  const cap = selectBudgetFor(effort, p.n, p.k).enumerateMax;
  return binomialAtMost(p.n, p.k, cap) ? { reason: `exhaustive enumeration of every ${p.k}-subset always completes (C(${p.n}, ${p.k}) ≤ ${cap})`, instant: false } : null;
}

/**
 * Typical items certified per effort for rank: a majority-graph component of at most this many
 * items is always ordered exactly (the subset DP, run when branch and bound did not close it);
 * capabilities quotes them as sizes, not rules: any number of items is certified when every
 * component closes (measured: random votes on 40 items close at high; consistent votes at any size).
 */
export function rankExactCaps(): Record<Effort, number> {
  return perEffort((e) => rankBudgetFor(e).dpMaxN);
}

/** rank: every component of the majority graph within the DP's size is ordered exactly. */
export function rankSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'rank') return null;
  const cap = rankBudgetFor(effort).dpMaxN;
  let largest = 0;
  for (const c of majorityComponents(p)) largest = Math.max(largest, c.length);
  return largest <= cap ? { reason: `every component of the majority graph has at most ${cap} items (largest ${largest}): the subset dynamic program always completes`, instant: false } : null;
}

/**
 * Typical sizes that tsp's branch and bound below the root certifies, measured on random uniform
 * points (native, 2026-11-25): medium every tour up to its bnbMaxN of 60 in at most 0.05 s; high
 * 100 cities in at most 1.9 s, 150 in 2 of 3 within 20 s.
 */
const TSP_TYPICAL_BRANCH_N: Record<Effort, number> = { flash: 0, medium: 60, high: 100 };

/** tsp: the Held–Karp DP's size per effort, or the typical branch-and-bound size beyond it. */
export function tspExactCaps(): Record<Effort, number> {
  return perEffort((e) => {
    const b = tspBudgetFor(e);
    return Math.max(b.dpMaxN, Math.min(b.bnbMaxN, TSP_TYPICAL_BRANCH_N[e]));
  });
}

/** tsp: up to the DP's size the tour is always certified (the DP has no work cap). */
export function tspSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'tsp') return null;
  const cap = tspBudgetFor(effort).dpMaxN;
  return p.n <= cap ? { reason: `the Held–Karp dynamic program always completes (${p.n} cities ≤ ${cap})`, instant: false } : null;
}

/** qap: branch and bound (Gilmore–Lawler) sizes per effort; typical, not rules (it has a node cap). */
export function qapExactCaps(): Record<Effort, number> {
  return perEffort((e) => qapBudgetFor(e).bnbMaxN);
}

/** Largest qap the branch and bound always finishes: its tree has fewer nodes than the smallest node cap. */
export const QAP_SURE_N = 8;

/** qap: up to 8 facilities the whole tree (at most e·8! nodes) fits every effort's node cap. */
export function qapSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'qap') return null;
  if (p.n === 1) return { reason: 'one facility, one location', instant: true };
  return p.n <= QAP_SURE_N && qapBudgetFor(effort).bnbNodes >= 120_000 ? { reason: `branch and bound over at most e·${p.n}! nodes always completes (${p.n} ≤ ${QAP_SURE_N} facilities)`, instant: false } : null;
}

/** design: branch and bound sizes (sites of a component with cycles) per effort; typical, not rules (it has a node cap). */
export function designExactCaps(): Record<Effort, number> {
  return perEffort((e) => designBudgetFor(e).bnbMaxSites);
}

/**
 * design: no coupling, K = 1 or no bonds is certified by construction; bonds forming a forest whose
 * dynamic program fits the effort's work (Σ sites·K²) always are (the DP has no other cap).
 */
export function designSurely(prep: PreparedSolve, effort: Effort): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'design') return null;
  if (p.K === 1 || p.bondI.length === 0) return { reason: 'no bond couples two sites: each site takes its cheapest value', instant: true };
  const { treeWork, hardSites } = designShape(p);
  if (hardSites > 0 || treeWork > designBudgetFor(effort).dpWork) return null;
  return { reason: `the bonds form a forest: dynamic programming over ${treeWork} site·value² steps always completes`, instant: false };
}

/**
 * cover: typical sets certified per effort, measured on OR-Library instances without a deadline:
 * set 4 (200 elements, 1,000 sets) certified 8 of 10 at flash and 10 of 10 at medium and high; set 5
 * (2,000 sets) 8 of 10 at high even within 1 s. Random instances of density 0.1 (elements = sets/5)
 * were all certified up to 400 sets at every effort. Not a rule: the tree has node and work caps.
 */
export const COVER_TYPICAL_EXACT_SETS = { flash: 1000, medium: 1000, high: 2000 } as const;

export function coverExactCaps(): Record<Effort, number> {
  return { ...COVER_TYPICAL_EXACT_SETS };
}

/** cover: sure only when the reductions decide everything (branch and bound has node and work caps). */
export function coverSurely(prep: PreparedSolve): SureCertificate | null {
  const p = prep.problem;
  if (p.kind !== 'cover') return null;
  // Every set is forced (each holds an element no other set holds) or costs at most 0: the reductions decide it.
  const holders = new Int32Array(p.universe);
  for (let k = 0; k < p.elems.length; k++) holders[p.elems[k]]++;
  for (let j = 0; j < p.n; j++) {
    if (p.cost[j] <= 0) continue;
    let alone = false;
    for (let k = p.start[j]; k < p.start[j + 1]; k++) if (holders[p.elems[k]] === 1) alone = true;
    if (!alone) return null;
  }
  return { reason: 'every set is either the only one holding some element or costs nothing: the reductions decide the cover', instant: true };
}
