import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The shape of libs/service/src (issue 33): the solve path never reaches into the job service
// (it sees it through solve/types.ts `SolveQueue`), and no source file grows past 450 lines.
const SRC = path.dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sources(p) : d.name.endsWith('.ts') ? [p] : [];
  });
}

describe('libs/service/src layout', () => {
  it('solve/ imports nothing from jobs/', () => {
    const offenders = sources(path.join(SRC, 'solve')).filter((f) => /from '\.\.\/jobs\//.test(readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('no source file is over 450 lines', () => {
    const long = sources(SRC)
      .map((f) => [path.relative(SRC, f), readFileSync(f, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > 450);
    expect(long).toEqual([]);
  });
});
