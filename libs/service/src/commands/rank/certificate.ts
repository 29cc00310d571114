/**
 * rank's certificate (docs/certificates.md): the engine's triangle packing as a `cycle_packing`
 * (packing.ts). A stated bound above what it proves is restated as what it proves (never claim
 * more than the certificate proves); a certified order the packing does not reach gets a branch
 * tree over pairs (tree.ts) when one closes within its work and the checker's size cap, else
 * none, with why.
 */
import type { CertificateProducer } from '../command-module';
import { cyclePacking, exactPacking, integralVotes } from './packing';
import { rankTree } from './tree';

/** Basic operations the tree may cost the service (about a second on one loaded core). */
const TREE_WORK = 3e7;

export const rankCertificate: CertificateProducer = (prep, r, done) => {
  const p = prep.problem;
  if (p.kind !== 'rank' || r.kind !== 'permutation') return { omitted: 'not produced for this problem' };
  if (done.proof === null && done.bound === undefined) return { omitted: 'heuristic answer: nothing to prove' };
  if (!integralVotes(p)) return { omitted: 'vote counts beyond the exact packing (2³¹)' };
  const packed = exactPacking(p, r.triangles ?? []);
  const certificate = cyclePacking(packed);
  const disagreements = r.objective;
  if (done.proof !== null) {
    if (packed.proven >= disagreements) return { certificate };
    const tree = rankTree(p, disagreements, TREE_WORK);
    // A tree of one leaf is a packing that proves the optimum alone (the LP's, not the engine's).
    if ('nodes' in tree) return { certificate: tree.nodes.length === 1 ? (tree.nodes[0] as { leaf: Record<string, unknown> & { kind: string } }).leaf : { kind: 'tree', nodes: tree.nodes } };
    const how = done.proof === 'dynamic_program' ? 'dynamic program over subsets (re-run locally)' : 'branch and bound (re-run locally)';
    return { omitted: `${how}: the triangle packing proves ${packed.proven} of the ${disagreements} disagreements and ${tree.reason}` };
  }
  if (packed.proven >= done.bound!) return { certificate };
  return { certificate, restate: { bound: packed.proven, gap: (disagreements - packed.proven) / Math.max(1, disagreements) } };
};
