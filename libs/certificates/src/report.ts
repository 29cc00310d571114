/** The checker's report (docs/certificates.md "The checker's report") and the refusal it is built from. */

export type CertificateKind =
  | 'one_tree' | 'tree' | 'lagrangian' | 'cycle_packing' | 'sdp_dual' | 'bipartite' | 'odd_cycles' | 'contradiction' | 'unimodular' | 'posiform';

export interface CertificateReport {
  /** The certificate is well-formed and every step holds. */
  ok: boolean;
  kind: CertificateKind | null;
  /** Of the command's objective. */
  sense: 'min' | 'max' | null;
  /** The answer's objective recomputed exactly from problem + answer (decimal string or "p/q"). */
  objective: string | null;
  /** The bound the certificate proves (lower for min, upper for max); null if refused (and for reduce). */
  bound: string | null;
  /** The bound meets the objective (integral objectives: bound > objective − 1 for min, < objective + 1 for max). */
  optimal: boolean;
  /** The first failing step's name when ok is false ('numbers', 'shape', 'size', 'one_tree.pi', 'tree.leaf[17]', …). */
  failed_step: string | null;
  /** One sentence for a human or an agent. */
  detail: string;
}

/** Thrown inside a checker to refuse at a named step; checkCertificate turns it into a report. */
export class Refusal extends Error {
  constructor(readonly step: string, detail: string) {
    super(detail);
    this.name = 'Refusal';
  }
}

/** Throws a refusal at `step` unless `cond`. */
export function need(cond: unknown, step: string, detail: string | (() => string)): asserts cond {
  if (!cond) throw new Refusal(step, typeof detail === 'string' ? detail : detail());
}
