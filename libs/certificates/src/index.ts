/**
 * @svc/certificates — exact checkers of the certificates answers carry (docs/certificates.md, the
 * normative page). One entry: checkCertificate(command, problem, answer, certificate?) → a report;
 * it never throws. No engine code: the problem and the answer are read from their JSON here.
 */
import { add, ceilQ, cmp, floorQ, isInt, mul, neg, parseQ, q, sub, toText, ONE, ZERO, type Q } from './rational';
import { Refusal, need, type CertificateKind, type CertificateReport } from './report';
import { countNodes, isObj } from './shape';
import * as P from './problem';
import { checkOneTree } from './kinds/one-tree';
import { checkLagrangian } from './kinds/lagrangian';
import { checkCyclePacking } from './kinds/cycle-packing';
import { checkBipartite } from './kinds/bipartite';
import { checkOddCycles } from './kinds/odd-cycles';
import { checkContradiction } from './kinds/contradiction';
import { checkUnimodular, readReducedBasis } from './kinds/unimodular';
import { checkTree } from './kinds/tree';
import { checkSdpDual, isingGraph } from './kinds/sdp-dual';
import { checkPosiform } from './kinds/posiform';

export type { CertificateKind, CertificateReport } from './report';
export { parseQ, toText, type Q } from './rational';
export { SDP_EXACT_MAX_N, SDP_FLOAT_MAX_N } from './kinds/sdp-dual';
export { TREE_WORK_CAP } from './kinds/tree';
export { ONE_TREE_MAX_N } from './kinds/one-tree';

/** A certificate of more values (numbers, strings, arrays, objects) than this is refused at step `size`. */
export const CERTIFICATE_MAX_NODES = 1_000_000;

/** The kinds each command's answers may carry (docs/certificates.md "Kinds by command"). */
export const KINDS_BY_COMMAND: Readonly<Record<string, readonly CertificateKind[]>> = {
  tsp: ['one_tree', 'tree'],
  cover: ['lagrangian', 'tree'],
  rank: ['cycle_packing', 'tree'],
  maxcut: ['bipartite', 'odd_cycles', 'sdp_dual'],
  optimize: ['posiform', 'tree', 'sdp_dual'],
  xorsat: ['contradiction'],
  reduce: ['unimodular'],
};

const SENSE: Readonly<Record<string, 'min' | 'max'>> = { tsp: 'min', cover: 'min', rank: 'min', maxcut: 'max', optimize: 'min', xorsat: 'min' };

/** What one kind check gives back: the objective, the proven bound (null: none / +∞), integrality. */
interface Outcome { objective: Q | null; bound: Q | null; integral: boolean; note?: string }

function run(command: string, kind: CertificateKind, problem: unknown, answer: unknown, cert: unknown): Outcome {
  const step = kind;
  switch (command) {
    case 'tsp': {
      const tsp = P.readTsp(problem);
      const objective = P.tourLength(tsp, P.readTour(answer, tsp.n));
      const bound = kind === 'one_tree' ? checkOneTree(tsp, cert, step) : checkTree({ command: 'tsp', tsp }, cert, step).bound;
      return { objective, bound, integral: true };
    }
    case 'cover': {
      const c = P.readCover(problem);
      const objective = P.coverCost(c, P.readCoverAnswer(answer, c));
      const bound = kind === 'lagrangian' ? checkLagrangian(c, cert, step) : checkTree({ command: 'cover', cover: c }, cert, step).bound;
      return { objective, bound, integral: c.integral };
    }
    case 'rank': {
      const r = P.readRank(problem);
      const objective = P.disagreements(r, P.readOrder(answer, r));
      const bound = kind === 'cycle_packing' ? checkCyclePacking(r, cert, step) : checkTree({ command: 'rank', rank: r }, cert, step).bound;
      return { objective, bound, integral: true };
    }
    case 'maxcut': {
      const g = P.readMaxcut(problem);
      const x = P.readBits(answer, g.n);
      const objective = P.cutValue(g, x);
      const bound = kind === 'bipartite' ? checkBipartite(g, x, cert, step) : kind === 'odd_cycles' ? checkOddCycles(g, cert, step) : checkSdpDual(g, cert, step);
      return { objective, bound, integral: g.integral };
    }
    case 'optimize': {
      const qb = P.readQubo(problem);
      const objective = P.quboEnergy(qb, P.readBits(answer, qb.n));
      const bound = kind === 'posiform' ? checkPosiform(qb, cert, step) : kind === 'tree' ? checkTree({ command: 'optimize', qubo: qb }, cert, step).bound : neg(checkSdpDual(isingGraph(qb), cert, step));
      return { objective, bound, integral: qb.integral };
    }
    case 'xorsat': {
      const x = P.readXorsat(problem);
      const objective = P.violations(x, P.readBits(answer, x.n));
      return { objective, bound: checkContradiction(x, cert, step), integral: true };
    }
    case 'reduce': {
      const red = P.readReduce(problem);
      checkUnimodular(red, readReducedBasis(answer, red), cert, step);
      return { objective: null, bound: null, integral: false };
    }
  }
  throw new Refusal('kind', `no certificate kinds for '${command}'`);
}

/** Whether `bound` meets `objective` for the sense (integral objectives: within less than 1). */
export function meets(sense: 'min' | 'max', objective: Q, bound: Q, integral: boolean): boolean {
  if (sense === 'min') return integral && isInt(objective) ? cmp(bound, sub(objective, ONE)) > 0 : cmp(bound, objective) >= 0;
  return integral && isInt(objective) ? cmp(bound, add(objective, ONE)) < 0 : cmp(bound, objective) <= 0;
}

/**
 * Checks `certificate` (else the result document's `certificate`) for `command`'s `problem` and
 * `answer` (the bare answer or the result document). Never throws: a refusal is `ok: false` naming
 * the first failing step.
 */
export function checkCertificate(command: string, problem: unknown, answer: unknown, certificate?: unknown): CertificateReport {
  const sense = SENSE[command] ?? null;
  let kind: CertificateKind | null = null;
  try {
    const doc = isObj(answer) && 'answer' in answer ? answer : null;
    const bare = doc ? doc.answer : answer;
    const cert = certificate !== undefined && certificate !== null ? certificate : doc?.certificate;
    if (cert === undefined || cert === null) {
      const why = doc && typeof doc.certificate_omitted === 'string' ? ` (certificate_omitted: ${doc.certificate_omitted})` : '';
      throw new Refusal('certificate', `no certificate was given${why}`);
    }
    need(countNodes(cert, CERTIFICATE_MAX_NODES) <= CERTIFICATE_MAX_NODES, 'size', `the certificate holds over ${CERTIFICATE_MAX_NODES} values (the cap); it was not read`);
    need(isObj(cert) && typeof cert.kind === 'string', 'shape', 'a certificate is an object {"kind": ..., ...}');
    const allowed = KINDS_BY_COMMAND[command];
    need(allowed !== undefined, 'kind', `'${command}' answers carry no certificates (docs/certificates.md says what to recompute instead)`);
    need((allowed as readonly string[]).includes(cert.kind as string), 'kind', `'${command}' certificates are of kind ${allowed.join(' or ')}, got ${JSON.stringify(String(cert.kind).slice(0, 40))}`);
    kind = cert.kind as CertificateKind;
    const out = run(command, kind, problem, bare, cert);
    if (command === 'reduce') {
      return { ok: true, kind, sense: null, objective: null, bound: null, optimal: false, failed_step: null, detail: 'U·B = B′ and V·B′ = B (the same lattice), and B′ is LLL-reduced with the request\'s δ, checked exactly' };
    }
    const s = sense!;
    const objective = out.objective!;
    // Only a tree whose every leaf is infeasible has no bound; the answer is feasible, so it sits in none of them.
    need(out.bound !== null, kind, `${kind}: every leaf is infeasible, yet the answer is a feasible point of one of them`);
    const optimal = meets(s, objective, out.bound, out.integral);
    if (doc) checkClaims(doc, s, kind, out.bound, out.integral, optimal);
    const word = s === 'min' ? 'lower' : 'upper';
    return {
      ok: true, kind, sense: s, objective: toText(objective), bound: toText(out.bound), optimal, failed_step: null,
      detail: optimal
        ? `proven optimal: the ${word} bound ${toText(out.bound)} meets the objective ${toText(objective)}`
        : `the certificate proves the ${word} bound ${toText(out.bound)}; the objective is ${toText(objective)}`,
    };
  } catch (e) {
    if (e instanceof Refusal) return refused(kind, sense, e.step, e.message);
    // Anything else is a fault of the checker on hostile input (a RangeError of a huge BigInt, …): still a refusal.
    return refused(kind, sense, 'internal', `the checker could not read the certificate: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/**
 * A result document's own claims must follow from the certificate (docs/certificates.md "Claims"):
 * a declared `bound` (a double) may not be stronger than the proven one, and a `certainty` that
 * says "certified" needs the proven bound to meet the objective.
 */
function checkClaims(doc: Record<string, unknown>, sense: 'min' | 'max', kind: CertificateKind, bound: Q, integral: boolean, optimal: boolean): void {
  if (typeof doc.bound === 'number' && Number.isFinite(doc.bound)) {
    const claimed = parseQ(doc.bound)!;
    // Integral objectives: the proven bound rounds to the integer side (⌈b⌉ for min, ⌊b⌋ for max).
    const proven = integral ? q(sense === 'min' ? ceilQ(bound) : floorQ(bound)) : bound;
    // A declared bound is a double: a relative slack of 10⁻⁹ (at least 10⁻⁹) for rational objectives.
    const mag = claimed.n < 0n ? neg(claimed) : claimed;
    const slack = integral ? ZERO : mul(q(1n, 1_000_000_000n), cmp(mag, ONE) > 0 ? mag : ONE);
    const holds = sense === 'min' ? cmp(add(proven, slack), claimed) >= 0 : cmp(sub(proven, slack), claimed) <= 0;
    need(holds, 'claim.bound', `the ${kind} certificate proves the ${sense === 'min' ? 'lower' : 'upper'} bound ${toText(bound)}, which does not support the answer's bound ${doc.bound}`);
  }
  if (typeof doc.certainty === 'string' && /^certified/i.test(doc.certainty)) {
    need(optimal, 'claim.optimal', `the answer says "${doc.certainty.slice(0, 60)}", but the ${kind} certificate proves only the bound ${toText(bound)}`);
  }
}

function refused(kind: CertificateKind | null, sense: 'min' | 'max' | null, step: string, detail: string): CertificateReport {
  return { ok: false, kind, sense, objective: null, bound: null, optimal: false, failed_step: step, detail };
}
