/**
 * cover's certificate (docs/certificates.md): `lagrangian` — the multipliers y ≥ 0 behind the
 * engines' root bound (`BinaryResult.multipliers`, both engines), rounded down to multiples of 2⁻ˢ
 * (s = 20, less when the multipliers are large), their bound computed exactly (lagrangian-exact.ts);
 * or `tree` — when the root multipliers do not prove a certified answer and a branch tree closed
 * below the root, the tree the engine recorded (tree-certificate.ts). With integer costs every cover
 * costs at least the ceiling. A stated bound above what the certificate proves is restated (never
 * claim more than it proves).
 */
import type { CertificateProducer } from '../command-module';
import { LagrangianExact } from './lagrangian-exact';
import { coverTreeCertificate } from './tree-certificate';

/** The finest grid of the rounded root multipliers: 2⁻²⁰. */
const MAX_SHIFT = 20;
/** The grid of the raised multipliers (a fallback when the rounded ones fall short of the cost). */
const RAISE_SHIFT = 44;

/** The double nearest num / den (den > 0), through 20 significant digits. */
function toDouble(num: bigint, den: bigint): number {
  const neg = num < 0n;
  const a = neg ? -num : num;
  const p = Math.max(0, 20 + den.toString().length - a.toString().length);
  const v = Number.parseFloat(`${(a * 10n ** BigInt(p)) / den}e-${p}`);
  return neg ? -v : v;
}

/** ⌈num / den⌉ (den > 0). */
function ceilDiv(num: bigint, den: bigint): bigint {
  const q = num / den;
  return num > q * den ? q + 1n : q;
}

export const coverCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'cover' || r.kind !== 'binary') return { omitted: 'not produced for this problem' };
  if (done.proof === null && done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  if (r.multipliers === undefined || r.multipliers.length !== p.universe) return { omitted: 'the engine gave no multipliers for its bound' };
  const exact = new LagrangianExact(p);
  const proof = exact.proof(r.multipliers, null, MAX_SHIFT);
  const integral = p.cost.every((c) => Number.isInteger(c));
  if (done.proof !== null) {
    // Optimal when the proven bound reaches the cost: above it less 1 for integer costs, else exactly.
    const cost = exact.costOf(r.answer);
    if (proof !== null && exact.reaches(proof, cost, integral)) return { certificate: { kind: 'lagrangian', y: proof.y } };
    if (r.tree !== undefined) return coverTreeCertificate(p, exact, r.tree, r.answer, integral);
    // Certified at the root within the engines' float tolerance: the y raised as far as the slacks allow.
    const raised = exact.proof(r.multipliers, null, RAISE_SHIFT, 0, true);
    if (raised !== null && exact.reaches(raised, cost, integral)) return { certificate: { kind: 'lagrangian', y: raised.y } };
    if (proof === null) return { omitted: 'multipliers too large for the exact Lagrangian bound' };
    return { omitted: `${done.proof}: the root multipliers do not reach the cost ${r.objective} exactly (it was certified within the engines' float tolerance) and no branch tree was recorded` };
  }
  if (proof === null) return { omitted: 'multipliers too large for the exact Lagrangian bound' };
  const certificate = { kind: 'lagrangian', y: proof.y };
  // The bound as the claims rule reads it: the ceiling for integer costs, else the double nearest.
  const proven = integral ? Number(ceilDiv(proof.num, proof.den)) : toDouble(proof.num, proof.den);
  if (proven >= done.bound!) return { certificate };
  return { certificate, restate: { bound: proven, gap: Math.abs(r.objective - proven) / Math.max(1, Math.abs(r.objective)) } };
};
