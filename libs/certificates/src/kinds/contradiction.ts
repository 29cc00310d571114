/**
 * `contradiction` (xorsat): `rows` is a list of pairwise disjoint sets of equation indices, each of
 * which XORs to 0 = 1 (every variable an even number of times, the right-hand sides odd); every
 * assignment violates at least one equation of each set: bound = the number of sets
 * (docs/certificates.md "contradiction"). A flat list of indices is read as one set.
 */
import { q, type Q } from '../rational';
import { need } from '../report';
import { arr, index, obj, onlyKeys } from '../shape';
import type { Xorsat } from '../problem';

export function checkContradiction(x: Xorsat, cert: unknown, step: string): Q {
  const o = obj(cert, step);
  onlyKeys(o, ['rows'], step);
  let rows = arr(o.rows, `${step}.rows`);
  if (rows.length > 0 && rows.every((r) => typeof r === 'number')) rows = [rows];
  need(rows.length >= 1, `${step}.rows`, `${step}.rows: expected at least one set of equations`);
  const m = x.eqs.length;
  const owner = new Int32Array(m).fill(-1);
  const parity = new Uint8Array(x.n);
  rows.forEach((set, k) => {
    const where = `${step}.rows[${k}]`;
    const ids = arr(set, where).map((e, t) => index(e, m, `${where}[${t}]`));
    need(ids.length >= 1, where, `${where}: an empty set`);
    let rhs = 0;
    const touched: number[] = [];
    for (const e of ids) {
      need(owner[e] < 0, where, owner[e] === k ? `${where}: equation ${e} is listed twice` : `${where}: equation ${e} is also in rows[${owner[e]}] (sets must be disjoint)`);
      owner[e] = k;
      rhs ^= x.eqs[e].rhs;
      for (const v of x.eqs[e].vars) { parity[v] ^= 1; touched.push(v); }
    }
    const odd = touched.find((v) => parity[v] === 1);
    for (const v of touched) parity[v] = 0;
    need(odd === undefined, where, `${where}: variable ${odd} does not cancel (its XOR is not 0 = 1)`);
    need(rhs === 1, where, `${where}: the right-hand sides XOR to 0 (0 = 0 is no contradiction)`);
  });
  return q(BigInt(rows.length));
}
