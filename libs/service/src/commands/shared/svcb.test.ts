import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSvcError } from '@svc/errors';
import { SVCB_HEADER_BYTES, decodeSvcb, encodeSvcb, prepareSvcb } from './svcb';

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/svcb.md');
const description = 'Split five offices into two teams.';
const cycle = { command: 'maxcut' as const, n: 5, description, pairs: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] as [number, number, number][] };

describe('SVCB', () => {
  it('encodes the example of docs/svcb.md byte for byte', () => {
    const b = encodeSvcb(cycle)!;
    const hex = (from: number, to: number) => Array.from(b.subarray(from, to), (x) => x.toString(16).padStart(2, '0')).join(' ');
    const text = fs.readFileSync(docs, 'utf8');
    expect(text).toContain(`"${description}"\` (${new TextEncoder().encode(description).length} bytes)`);
    const header = hex(0, SVCB_HEADER_BYTES).replace(/^(\S+ \S+ \S+ \S+) (\S+ \S+) (\S+ \S+) (\S+ \S+ \S+ \S+) (\S+ \S+ \S+ \S+) (\S+ \S+ \S+ \S+) (\S+ \S+ \S+ \S+)$/, '$1  $2  $3  $4  $5  $6  $7');
    expect(text).toContain(header);
    const firstPair = SVCB_HEADER_BYTES + description.length;
    expect(text).toContain(`${hex(firstPair, firstPair + 12)}   (0, 1, 1)`);
    expect(text).toContain(`${hex(firstPair + 12, firstPair + 24)}   (1, 2, 1)`);
    expect(b.length).toBe(24 + 34 + 12 * 5);
  });

  it('decodes what it encodes, raw (duplicates and order kept), and prepares the canonical problem', () => {
    const q = { command: 'optimize' as const, n: 4, description, linear: { '2': -5, '0': 3 }, pairs: [[3, 1, 2], [1, 3, 4], [2, 2, -1]] as [number, number, number][] };
    const d = decodeSvcb(encodeSvcb(q)!);
    expect(d).toMatchObject({ command: 'optimize', n: 4, description });
    expect(Array.from(d.linearIndex)).toEqual([0, 2]);
    expect(Array.from(d.pairW)).toEqual([2, 4, -1]);
    const p = prepareSvcb(d).problem;
    expect(p.kind).toBe('qubo');
    if (p.kind !== 'qubo') return;
    expect(Array.from(p.linear)).toEqual([3, 0, -6, 0]);
    expect([Array.from(p.pairs.i), Array.from(p.pairs.j), Array.from(p.pairs.w)]).toEqual([[1], [3], [6]]);
    expect(prepareSvcb(d).terms).toBe(1);
  });

  it('names offsets; sizes are SVC_DIMENSION_LIMIT and the sandbox cap SVC_SANDBOX_LIMIT', () => {
    const codeOf = (bytes: Uint8Array, ctx = {}) => {
      try {
        decodeSvcb(bytes, ctx);
      } catch (e) {
        if (isSvcError(e)) return [e.code, e.extensions.offset];
        throw e;
      }
      return ['ok'];
    };
    expect(codeOf(new Uint8Array(0))).toEqual(['SVC_INVALID_INPUT', 0]);
    expect(codeOf(encodeSvcb({ ...cycle, n: 100_001 })!)).toEqual(['SVC_DIMENSION_LIMIT', 8]);
    expect(codeOf(encodeSvcb(cycle)!, { sandboxMaxN: 4 })).toEqual(['SVC_SANDBOX_LIMIT', 8]);
    expect(codeOf(encodeSvcb({ ...cycle, description: '   short    ' })!)).toEqual(['SVC_MISSING_DESCRIPTION', 20]);
    expect(codeOf(encodeSvcb(cycle)!, { sandboxMaxN: 5 })).toEqual(['ok']);
  });
});
