import { readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAMILIES, SOLVERS } from './index';

const here = dirname(fileURLToPath(import.meta.url));
/** Every family folder's family.ts (the registry is only as whole as this list says). */
const folders = readdirSync(here, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'family.ts'))).map((d) => d.name);

describe('the family registry', () => {
  it('lists every family a folder declares: each exported *_FAMILY of families/<folder>/family.ts is in FAMILIES', async () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const mod = (await import(`./${folder}/family.ts`)) as Record<string, unknown>;
      const declared = Object.entries(mod).filter(([name]) => name.endsWith('_FAMILY'));
      expect(declared.length, `families/${folder}/family.ts exports no *_FAMILY`).toBeGreaterThan(0);
      for (const [name, family] of declared) {
        expect((FAMILIES as readonly unknown[]).includes(family), `${name} (families/${folder}/family.ts) is missing from FAMILIES: add its import and its line to libs/engine-ts/src/families/index.ts`).toBe(true);
      }
    }
  });

  it('gives every command one solver and one problem kind, the kind its family declares', () => {
    for (const f of FAMILIES) {
      for (const command of Object.keys(f.solvers)) expect(SOLVERS[command as keyof typeof SOLVERS]?.kind, command).toBe(f.kind);
    }
    expect(new Set(FAMILIES.map((f) => f.kind)).size).toBe(FAMILIES.length);
  });
});
