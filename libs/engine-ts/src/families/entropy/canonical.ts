/** The canonical `entropy` problem from the request's state or terms and subsystem. */
import { canonicalPauliTerms, type PauliTermInput } from '../spectrum/canonical';
import type { EntropyProblem } from './problem';

/** `subsystem` as a 0/1 mask over n qubits; throws on an index out of range or repeated. */
export function subsystemMask(n: number, subsystem: readonly number[]): Uint8Array {
  const m = new Uint8Array(n);
  for (const q of subsystem) {
    if (!(Number.isInteger(q) && q >= 0 && q < n)) throw new Error(`subsystem qubit ${q} is out of range 0..${n - 1}`);
    if (m[q]) throw new Error(`subsystem names qubit ${q} twice`);
    m[q] = 1;
  }
  return m;
}

/** A state given as [re, im] pairs, interleaved (not normalised here: the solver divides by its norm). */
export function stateArray(pairs: readonly (readonly [number, number])[]): Float64Array {
  const out = new Float64Array(2 * pairs.length);
  pairs.forEach(([re, im], i) => {
    out[2 * i] = re;
    out[2 * i + 1] = im;
  });
  return out;
}

export function canonicalEntropy(
  n: number, subsystem: readonly number[], source: { readonly state: readonly (readonly [number, number])[] } | { readonly terms: readonly PauliTermInput[] }, vectors = false,
): EntropyProblem {
  const mask = subsystemMask(n, subsystem);
  if ('state' in source) {
    if (source.state.length !== 2 ** n) throw new Error(`state has ${source.state.length} amplitudes, expected 2^${n}`);
    return { kind: 'entropy', n, subsystem: mask, state: stateArray(source.state), x: new Int32Array(0), z: new Int32Array(0), coeff: new Float64Array(0), vectors: 0 };
  }
  const t = canonicalPauliTerms(n, source.terms);
  return { kind: 'entropy', n, subsystem: mask, state: null, x: t.x, z: t.z, coeff: t.coeff, vectors: vectors ? 1 : 0 };
}
