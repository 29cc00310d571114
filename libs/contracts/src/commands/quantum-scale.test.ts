import { describe, expect, it } from 'vitest';
import { svcErrorOf, validExample } from '../../test/fixtures';
import { inputJsonSchema } from '../json-schema';
import { outputSchemas } from '../schemas';
import { ANSWER_ENCODING, packSpinBits, unpackSpinBits } from './quantum-scale';
import { validateProblem } from '../validate-problem';

const open = { sandbox: false };
const body = (patch: Record<string, unknown> = {}) => ({ ...validExample('quantum-scale'), ...patch });

describe('quantum-scale input', () => {
  it('accepts the example; degree and instance_seed are optional; n is the size', () => {
    expect(validateProblem('quantum-scale', body(), open).n).toBe(1000);
    const { degree: _d, instance_seed: _s, ...bare } = body();
    const v = validateProblem('quantum-scale', bare, open);
    expect(v.n).toBe(1000);
    expect(validateProblem('quantum-scale', body({ n: 10_000_000, degree: 16, instance_seed: 4294967295 }), open).n).toBe(10_000_000);
  });

  it('rejects bad fields with SVC_INVALID_INPUT naming the field', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ degree: 2 }, 'degree'], [{ degree: 17 }, 'degree'], [{ degree: 3.5 }, 'degree'],
      [{ instance_seed: -1 }, 'instance_seed'], [{ instance_seed: 2 ** 32 }, 'instance_seed'], [{ instance_seed: '1' }, 'instance_seed'],
      [{ n: 0 }, 'n'], [{ n: 2.5 }, 'n'], [{ spins: [1] }, 'spins'], [{ n: undefined }, 'n'],
    ];
    for (const [patch, field] of cases) {
      const e = svcErrorOf(() => validateProblem('quantum-scale', body(patch), open));
      expect(e.code, JSON.stringify(patch)).toBe('SVC_INVALID_INPUT');
      expect(e.detail).toContain(field);
    }
  });

  it('n above 10,000,000 is SVC_DIMENSION_LIMIT; the sandbox cap is SVC_SANDBOX_LIMIT', () => {
    const e = svcErrorOf(() => validateProblem('quantum-scale', body({ n: 10_000_001 }), open));
    expect(e.code).toBe('SVC_DIMENSION_LIMIT');
    expect(e.facts.reduce_problem_size).toMatchObject({ max_n: 10_000_000, limit: 'n' });
    const s = svcErrorOf(() => validateProblem('quantum-scale', body({ n: 1_000_000 }), { sandbox: true, sandboxMaxN: 50_000 }));
    expect(s.code).toBe('SVC_SANDBOX_LIMIT');
    expect(validateProblem('quantum-scale', body({ n: 50_000 }), { sandbox: true, sandboxMaxN: 50_000 }).n).toBe(50_000);
  });

  it('publishes the caps in its JSON Schema', () => {
    const s = inputJsonSchema('quantum-scale') as { properties: Record<string, { maximum?: number; minimum?: number }>; required: string[] };
    expect(s.properties.n.maximum).toBe(10_000_000);
    expect([s.properties.degree.minimum, s.properties.degree.maximum]).toEqual([3, 16]);
    expect(s.required).toContain('n');
  });
});

describe('quantum-scale answer (bits-base64)', () => {
  it('bit i is byte i >> 3, bit i & 7, least significant first', () => {
    expect(packSpinBits([1, 0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe(Buffer.from([0x01, 0x02]).toString('base64'));
    expect(packSpinBits([0, 1, 1])).toBe(Buffer.from([0x06]).toString('base64'));
    expect(packSpinBits([])).toBe('');
  });

  it('round trip at every length mod 8 and at 10^6', () => {
    for (const n of [1, 7, 8, 9, 15, 16, 17, 1000, 1_000_003]) {
      const x = new Uint8Array(n);
      for (let i = 0; i < n; i++) x[i] = ((i * 2654435761) >>> 7) & 1;
      expect(Buffer.from(unpackSpinBits(packSpinBits(x), n)).equals(Buffer.from(x))).toBe(true);
    }
  });

  it('unpacking rejects a wrong length, non-canonical base64 and stray padding bits', () => {
    const ok = packSpinBits([1, 1, 1]);
    expect(() => unpackSpinBits(ok, 9)).toThrow(/bytes/);
    expect(() => unpackSpinBits('!!!', 3)).toThrow(/base64/);
    expect(() => unpackSpinBits(Buffer.from([0x08]).toString('base64'), 3)).toThrow(/beyond/);
  });

  it('the output schema takes the documented fields', () => {
    const out = {
      answer: packSpinBits([1, 0, 1]), answer_encoding: ANSWER_ENCODING, energy: -2, planted_energy: -2,
      reached_floor: true, edges: 3, n: 3, degree: 3, instance_seed: 0, certainty: 'planted floor (proven by construction)',
    };
    expect(outputSchemas['quantum-scale'].parse(out)).toEqual(out);
    expect(() => outputSchemas['quantum-scale'].parse({ ...out, answer_encoding: 'hex' })).toThrow();
  });
});
