import { describe, expect, it } from 'vitest';
import { rng } from '../../test/brute-force';
import { firstSyntaxFault, parseJsonText, standInText } from './json-syntax';

const WS = [' ', '\n', '\t', '\r', '  ', ''];
const STRINGS = ['', 'a', 'tag', 'é€', '\\"', '\\\\', '\\/', '\\n\\t\\b\\f\\r', '\\u00e9', '\\uD83D\\uDE00', 'x y'];
const NUMBERS = ['0', '-0', '1', '-12', '3.25', '1e5', '-2.5E-3', '10e+2', '0.0', '123456789012345678901234567890'];

/** JSON text of a random value, with random whitespace between tokens. */
function text(r: () => number, depth: number): string {
  const ws = () => (r() < 0.3 ? WS[Math.floor(r() * WS.length)] : '');
  const k = r();
  if (depth > 0 && k < 0.3) {
    const n = Math.floor(r() * 12);
    return `[${ws()}${Array.from({ length: n }, () => `${ws()}${text(r, depth - 1)}${ws()}`).join(',')}]`;
  }
  if (depth > 0 && k < 0.55) {
    const n = Math.floor(r() * 8);
    return `{${ws()}${Array.from({ length: n }, () => `${ws()}"${STRINGS[Math.floor(r() * STRINGS.length)]}"${ws()}:${ws()}${text(r, depth - 1)}${ws()}`).join(',')}}`;
  }
  if (k < 0.7) return `"${STRINGS[Math.floor(r() * STRINGS.length)]}"`;
  if (k < 0.9) return NUMBERS[Math.floor(r() * NUMBERS.length)];
  return ['true', 'false', 'null'][Math.floor(r() * 3)];
}

const NOISE = ['[', ']', '{', '}', ',', ':', '"', '\\', '-', '.', 'e', '0', '5', 't', 'n', 'x', ' ', '\n', '\u0001', 'u'];

function mutate(r: () => number, t: string): string {
  const at = Math.floor(r() * (t.length + 1));
  const c = NOISE[Math.floor(r() * NOISE.length)];
  switch (Math.floor(r() * 4)) {
    case 0: return t.slice(0, at) + t.slice(at + 1);
    case 1: return t.slice(0, at) + c + t.slice(at);
    case 2: return t.slice(0, at) + c + t.slice(at + 1);
    default: return t.slice(0, at);
  }
}

type Outcome = { value: unknown } | { error: string };
function outcome(f: () => unknown): Outcome {
  try {
    return { value: f() };
  } catch (e) {
    expect(e).toBeInstanceOf(SyntaxError);
    return { error: (e as Error).message };
  }
}

describe('JSON syntax scan', () => {
  it('accepts exactly what JSON.parse accepts and refuses with its message, on random texts and one-character faults', () => {
    const r = rng(20261202);
    let standIns = 0;
    let faults = 0;
    for (let i = 0; i < 4000; i++) {
      // Long enough texts, so the stand-in (which keeps 256 characters before the fault) is used.
      let t = `[${Array.from({ length: 1 + Math.floor(r() * 6) }, () => text(r, 4)).join(',')}]`;
      if (i % 2 === 1) t = mutate(r, t);
      const want = outcome(() => JSON.parse(t));
      const fault = firstSyntaxFault(t);
      if ((fault === -1) !== 'value' in want) expect({ fault, want, near: t.slice(Math.max(0, fault - 40), fault + 20) }).toBe(null);
      if ('error' in want) {
        faults++;
        if (standInText(t, fault) !== null) standIns++;
      }
      const got = outcome(() => parseJsonText(t, 0));
      if (JSON.stringify(got) !== JSON.stringify(want)) expect({ got, near: t.slice(Math.max(0, fault - 40), fault + 20) }).toEqual({ got: want });
    }
    expect(faults).toBeGreaterThan(1000);
    expect(standIns).toBeGreaterThan(300);
  });

  it('refuses a large list of triples with a fault at its end without building it, with JSON.parse\'s message', () => {
    const t = `{"tag":"x","n":5,"edges":[${'[0,1,1],'.repeat(200_000)}[0,1,1]x`;
    const stand = standInText(t, firstSyntaxFault(t));
    expect(stand).not.toBeNull();
    expect(stand!.length).toBe(t.length);
    // One container per open level and the text kept before the fault: no million arrays.
    expect(stand!.split('[').length - 1).toBeLessThan(100);
    expect(outcome(() => parseJsonText(t))).toEqual(outcome(() => JSON.parse(t)));
    expect(outcome(() => parseJsonText(t, 0))).toEqual({ error: expect.stringMatching(/^Expected ',' or ']' after array element in JSON at position \d+/) });
  });

  it('keeps line breaks where they were (a message may count lines)', () => {
    const t = `{\n"a": [\n${'  [1, 2],\n'.repeat(500)}  [1, 2]\n  }\n}`;
    const fault = firstSyntaxFault(t);
    const stand = standInText(t, fault)!;
    expect(stand.split('\n').length).toBe(t.split('\n').length);
    expect(stand.lastIndexOf('\n', fault)).toBe(t.lastIndexOf('\n', fault));
    expect(outcome(() => parseJsonText(t, 0))).toEqual(outcome(() => JSON.parse(t)));
  });
});

describe('parseJson of a large body', () => {
  it('refuses a fault past the first MiB with the message of the plain parse', async () => {
    const { parseJson } = await import('./json-body');
    const t = `{"tag":"x","n":5,"edges":[${'[0,1,1],'.repeat(200_000)}[0,1,1]x`;
    let want = '';
    try {
      JSON.parse(t);
    } catch (e) {
      want = (e as Error).message;
    }
    expect(() => parseJson(Buffer.from(t))).toThrow(expect.objectContaining({ code: 'SVC_INVALID_INPUT', detail: `The body is not valid JSON: ${want}` }));
  });
});
