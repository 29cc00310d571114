import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Engine } from '@svc/engine-ts';
import { describe, expect, it } from 'vitest';
import { builtWithout } from './create-engine';
import { readDeclarations, type NativeLibraryDeclaration } from './load-native-addon';

const mpfr: NativeLibraryDeclaration = { name: 'mpfr', family: 'precision', required: true, found: false, version: null, debian: ['libmpfr-dev'] };
const clp: NativeLibraryDeclaration = { name: 'clp', family: 'rank', required: false, found: false, version: null, debian: ['coinor-libclp-dev'] };
const without = (commands: string[]): Engine => ({ supports: (c: string) => commands.includes(c) }) as unknown as Engine;

describe('optional libraries come from the families\' declarations (core/<family>/library.cmake, optional-libraries.json)', () => {
  it('reads the first declaration file that exists, none without a build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'svc-libs-'));
    const file = path.join(dir, 'optional-libraries.json');
    writeFileSync(file, JSON.stringify([mpfr, clp]));
    expect(readDeclarations([path.join(dir, 'missing.json'), file])).toEqual([mpfr, clp]);
    expect(readDeclarations([path.join(dir, 'missing.json')])).toEqual([]);
    writeFileSync(file, '{}');
    expect(() => readDeclarations([file])).toThrow(/not a list/);
  });

  it('a command is left to engine-ts only when its family requires a library the build has none of', () => {
    expect(builtWithout(without(['tsp']), [], 'precision', [mpfr, clp])).toBe(true);
    // A library of the family in the build but not the command: a wiring fault, stays native.
    expect(builtWithout(without(['tsp']), [{ name: 'mpfr', version: '4.2.0', family: 'precision' }], 'precision', [mpfr])).toBe(false);
    expect(builtWithout(without(['tsp', 'precision']), [], 'precision', [mpfr])).toBe(false);
    // Not required (the family is native either way), or another family's library.
    expect(builtWithout(without(['tsp']), [], 'rank', [mpfr, clp])).toBe(false);
    expect(builtWithout(without(['tsp']), [], 'reduce', [mpfr, clp])).toBe(false);
  });
});
