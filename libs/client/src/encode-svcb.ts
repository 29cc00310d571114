import { PROBLEM_TAG } from './with-tag';

/** SVCB command codes (commands.md "SVCB"). */
export const SVCB_COMMANDS = { optimize: 1, maxcut: 2 } as const;

/** The outcome of {@link encodeSvcb}: the bytes, or why the problem must travel as JSON. */
export type SvcbEncoding =
  | { ok: true; bytes: Uint8Array; /** The body's `version`, which SVCB carries in the query instead. */ version?: string }
  | { ok: false; reason: string };

const U32_MAX = 2 ** 32 - 1;
const I32_MIN = -(2 ** 31);
const I32_MAX = 2 ** 31 - 1;
const INDEX_KEY = /^(0|[1-9][0-9]*)$/;
// Fields SVCB carries; `version` travels as a query parameter instead, `tag` is implied.
const FIELDS: Record<keyof typeof SVCB_COMMANDS, ReadonlySet<string>> = {
  optimize: new Set(['tag', 'description', 'n', 'version', 'linear', 'quadratic']),
  maxcut: new Set(['tag', 'description', 'n', 'version', 'edges']),
};

class NotRepresentable extends Error {}

function int(x: unknown, lo: number, hi: number, what: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x)) throw new NotRepresentable(`${what} is not an integer`);
  if (x < lo || x > hi) throw new NotRepresentable(`${what} = ${x} is outside [${lo}, ${hi}]`);
  return x;
}

function triples(rows: unknown, what: string): [number, number, number][] {
  if (!Array.isArray(rows)) throw new NotRepresentable(`${what} is not an array`);
  return rows.map((row, k) => {
    if (!Array.isArray(row) || row.length !== 3) throw new NotRepresentable(`${what}[${k}] is not an [i, j, w] triple`);
    return [int(row[0], 0, U32_MAX, `${what}[${k}][0]`), int(row[1], 0, U32_MAX, `${what}[${k}][1]`), int(row[2], I32_MIN, I32_MAX, `${what}[${k}][2]`)];
  });
}

/**
 * Encodes an integer-weight `optimize` or `maxcut` problem as SVCB (docs/svcb.md): little-endian
 * `SVCB`, u16 version 1, u16 command, u32 n, u32 m, u32 l, u32 description length + UTF-8, then
 * l × (u32 index, i32 h) and m × (u32 i, u32 j, i32 w). A problem SVCB cannot carry exactly
 * (another command, a fractional or 32-bit-overflowing weight, `warm_start`, `complete`, no `n`,
 * a non-standard `tag`) gives `{ok: false, reason}`: send it as JSON. Validity is the service's call.
 */
export function encodeSvcb(command: string, problem: unknown): SvcbEncoding {
  try {
    if (command !== 'optimize' && command !== 'maxcut') throw new NotRepresentable(`SVCB carries only optimize and maxcut, not ${command}`);
    if (typeof problem !== 'object' || problem === null || Array.isArray(problem)) throw new NotRepresentable('the problem is not a JSON object');
    const p = problem as Record<string, unknown>;
    const extra = Object.keys(p).filter((k) => !FIELDS[command].has(k)).sort();
    if (extra.length) throw new NotRepresentable(`SVCB cannot carry the field(s) ${extra.join(', ')}`);
    if ('tag' in p && p.tag !== PROBLEM_TAG) throw new NotRepresentable(`SVCB implies the tag ${PROBLEM_TAG}; the service must judge the one given`);
    if (p.version !== undefined && typeof p.version !== 'string') throw new NotRepresentable('version is not a string');
    if (!('n' in p)) throw new NotRepresentable('SVCB needs n');
    const n = int(p.n, 0, U32_MAX, 'n');
    const description = p.description ?? '';
    if (typeof description !== 'string') throw new NotRepresentable('description is not a string');
    const desc = new TextEncoder().encode(description);

    const linear: [number, number][] = [];
    let pairs: [number, number, number][];
    if (command === 'optimize') {
      const raw = p.linear ?? {};
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new NotRepresentable('linear is not an object');
      for (const [key, h] of Object.entries(raw)) {
        if (!INDEX_KEY.test(key)) throw new NotRepresentable(`linear key "${key}" is not an index`);
        linear.push([int(Number(key), 0, U32_MAX, `linear[${key}] index`), int(h, I32_MIN, I32_MAX, `linear[${key}]`)]);
      }
      pairs = triples(p.quadratic ?? [], 'quadratic');
    } else {
      if (!('edges' in p)) throw new NotRepresentable('SVCB maxcut needs edges');
      pairs = triples(p.edges, 'edges');
    }

    const bytes = new Uint8Array(24 + desc.length + 8 * linear.length + 12 * pairs.length);
    const view = new DataView(bytes.buffer);
    bytes.set([0x53, 0x56, 0x43, 0x42], 0); // "SVCB"
    view.setUint16(4, 1, true);
    view.setUint16(6, SVCB_COMMANDS[command], true);
    view.setUint32(8, n, true);
    view.setUint32(12, pairs.length, true);
    view.setUint32(16, linear.length, true);
    view.setUint32(20, desc.length, true);
    bytes.set(desc, 24);
    let off = 24 + desc.length;
    for (const [index, h] of linear) {
      view.setUint32(off, index, true);
      view.setInt32(off + 4, h, true);
      off += 8;
    }
    for (const [i, j, w] of pairs) {
      view.setUint32(off, i, true);
      view.setUint32(off + 4, j, true);
      view.setInt32(off + 8, w, true);
      off += 12;
    }
    return { ok: true, bytes, ...(typeof p.version === 'string' ? { version: p.version } : {}) };
  } catch (e) {
    if (e instanceof NotRepresentable) return { ok: false, reason: e.message };
    throw e;
  }
}
