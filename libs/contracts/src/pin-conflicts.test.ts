import { describe, expect, it } from 'vitest';
import { isSvcError } from '@svc/errors';
import { markPinConflicts, memberText, pinConflictsIn, pinConflictsOf } from './pin-conflicts';
import { validateProblem } from './validate-problem';

const head = '"tag": "svc-cortex-v1", "description": "Pin two switches and set the rest.", "n": 4';

describe('pinConflictsIn', () => {
  it('finds keys of the top-level pins given two different values, in order of first appearance', () => {
    expect(pinConflictsIn(`{${head}, "pins": {"3": 1, "0": 0, "3": 0, "0": 1}}`)).toEqual(['3', '0']);
    // Escaped spellings of one key are the same key; equal values are no conflict.
    expect(pinConflictsIn(`{${head}, "pins": {"\\u0031": 1, "1": 0}}`)).toEqual(['1']);
    expect(pinConflictsIn(`{${head}, "pins": {"2": 1, "2": 1.0, "2": 1e0}}`)).toEqual([]);
    expect(pinConflictsIn(`{${head}, "pins": {"2": 1, "3": 0}}`)).toEqual([]);
  });

  it('looks only at the top-level pins that JSON.parse keeps, past strings and nested values', () => {
    const tricky = `{"description": "a \\"pins\\": {\\"1\\": 0, \\"1\\": 1} lookalike } ]", "x": [{"pins": {"1": 0, "1": 1}}], "pins": {"1": 1}}`;
    expect(pinConflictsIn(tricky)).toEqual([]);
    // Two pins members: the last one is what the parsed body holds.
    expect(pinConflictsIn('{"pins": {"1": 0, "1": 1}, "pins": {"2": 1}}')).toEqual([]);
    expect(pinConflictsIn('{"pins": {"2": 1}, "pins": {"1": 0, "1": 1}}')).toEqual(['1']);
    expect(pinConflictsIn('{"pins": [1, 1]}')).toEqual([]);
    expect(pinConflictsIn(' \n{ "pins" : { "5" : 0 , "5" : 1 } } ')).toEqual(['5']);
    expect(pinConflictsIn('[1, 2]')).toEqual([]);
  });
});

describe('memberText', () => {
  it('gives the text of the last top-level member of that name, or null', () => {
    const line = '{"command": "want", "problem": {"n": 2, "pins": {"1": 0, "1": 1}}, "x": "\\"problem\\": 1"}';
    expect(memberText(line, 'problem')).toBe('{"n": 2, "pins": {"1": 0, "1": 1}}');
    expect(pinConflictsIn(memberText(line, 'problem')!)).toEqual(['1']);
    expect(memberText(line, 'command')).toBe('"want"');
    expect(memberText('{"a": 1, "a": [2, {"b": 3}]}', 'a')).toBe('[2, {"b": 3}]');
    expect(memberText(line, 'missing')).toBeNull();
    expect(memberText('7', 'a')).toBeNull();
  });
});

describe('want with a pin written twice', () => {
  const parse = (text: string) => {
    const body = JSON.parse(text) as Record<string, unknown>;
    markPinConflicts(body, text);
    return body;
  };
  const codeOf = (body: unknown) => {
    try {
      validateProblem('want', body, { sandbox: false });
      return 'ok';
    } catch (e) {
      return isSvcError(e) ? e.code : 'thrown';
    }
  };

  it('is SVC_CONTRADICTORY_CONSTRAINTS naming the variable, and the mark never shows in the data', () => {
    const body = parse(`{${head}, "linear": {"0": -1}, "pins": {"3": 1, "3": 0}}`);
    expect(pinConflictsOf(body.pins)).toEqual(['3']);
    expect(JSON.stringify(body.pins)).toBe('{"3":0}');
    expect(Object.keys(body.pins as object)).toEqual(['3']);
    let err: unknown;
    try {
      validateProblem('want', body, { sandbox: false });
    } catch (e) {
      err = e;
    }
    expect(isSvcError(err) && err.code).toBe('SVC_CONTRADICTORY_CONSTRAINTS');
    expect(isSvcError(err) && err.message).toMatch(/variable 3 is pinned twice/);
    expect(codeOf(parse(`{${head}, "pins": {"3": 1, "2": 0}}`))).toBe('ok');
  });

  it('comes after the schema and size stages (commands.md precedence)', () => {
    expect(codeOf(parse(`{${head}, "linear": {"9": 1}, "pins": {"3": 1, "3": 0}}`))).toBe('SVC_INVALID_INPUT');
    expect(codeOf(parse(`{${head}, "pins": {"3": 1, "3": 7}}`))).toBe('SVC_INVALID_INPUT');
  });
});

describe('firstDuplicateKey', () => {
  it('finds a key written twice in one object, with its path, after unescaping; not across objects, not in pins', async () => {
    const { firstDuplicateKey } = await import('./pin-conflicts');
    expect(firstDuplicateKey('{"n":2,"n":3}')).toEqual({ key: 'n', field: '(root)' });
    expect(firstDuplicateKey('{"a":{"x":1,"y":[{"k":1},{"k":2,"k":3}]}}')).toEqual({ key: 'k', field: 'a.y[1]' });
    expect(firstDuplicateKey('{"n":2,"\\u006e":3}')).toEqual({ key: 'n', field: '(root)' });
    expect(firstDuplicateKey('{"s":"{\\"n\\":1,\\"n\\":2}","t":["n","n"]}')).toBeNull();
    expect(firstDuplicateKey('{"a":{"n":1},"b":{"n":1},"c":[{"n":1},{"n":1}]}')).toBeNull();
    expect(firstDuplicateKey('{"pins":{"3":1,"3":0},"n":4}')).toBeNull();
    expect(firstDuplicateKey('[{"a":1},{"b":1,"b":2}]')).toEqual({ key: 'b', field: '[1]' });
    expect(firstDuplicateKey('{"a\\"b":1,"a\\"b":2}')).toEqual({ key: 'a"b', field: '(root)' });
  });

  it('agrees with a reference on random documents (JSON.parse of each object vs its own key count)', async () => {
    const { firstDuplicateKey } = await import('./pin-conflicts');
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const keys = ['a', 'b', 'c', 'd\\"e', '\\u0061'];
    const gen = (depth: number): { text: string; dup: boolean } => {
      const r = rnd();
      if (depth > 3 || r < 0.3) return { text: rnd() < 0.5 ? String(Math.floor(rnd() * 9)) : `"${keys[Math.floor(rnd() * keys.length)]}"`, dup: false };
      if (r < 0.55) {
        const items = Array.from({ length: Math.floor(rnd() * 3) }, () => gen(depth + 1));
        return { text: `[${items.map((x) => x.text).join(',')}]`, dup: items.some((x) => x.dup) };
      }
      const members = Array.from({ length: Math.floor(rnd() * 4) }, () => ({ k: keys[Math.floor(rnd() * keys.length)], v: gen(depth + 1) }));
      const names = members.map((m) => JSON.parse(`"${m.k}"`) as string);
      const dup = new Set(names).size !== names.length || members.some((m) => m.v.dup);
      return { text: `{${members.map((m) => `"${m.k}":${m.v.text}`).join(',')}}`, dup };
    };
    for (let k = 0; k < 2000; k++) {
      const { text, dup } = gen(0);
      JSON.parse(text);
      expect(firstDuplicateKey(text) !== null, text).toBe(dup);
    }
  });
});
