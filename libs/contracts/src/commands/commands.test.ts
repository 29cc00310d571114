import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, COMMANDS, SERVED_COMMANDS } from '../catalogue';
import { SCHEMA_COMMANDS } from '../schema-commands';
import { validateProblem } from '../validate-problem';
import { inputSchemas } from '../schemas';
import { validExample } from '../../test/fixtures';
import { REGISTRY } from './index';

const here = new URL('./', import.meta.url);
const repo = new URL('../../../../', import.meta.url);
const fileOf = (c: string) => new URL(`${c}.ts`, here);

// Every command is whole: a schema command has its file, registry line, fixture and catalogue
// facts; a command without a schema is declared not available yet.
describe('the registry keeps every command whole', () => {
  it('SCHEMA_COMMANDS are the registry keys, in order', () => {
    expect(Object.keys(REGISTRY)).toEqual([...SCHEMA_COMMANDS]);
  });

  it.each(SCHEMA_COMMANDS.map((c) => [c]))('%s: command file, valid fixture, stability, catalogue facts', (c) => {
    expect(existsSync(fileOf(c)), `src/commands/${c}.ts`).toBe(true);
    expect(existsSync(new URL(`${c}.valid.json`, here)), `src/commands/${c}.valid.json`).toBe(true);
    expect(validateProblem(c, validExample(c), { sandbox: false }).command).toBe(c);
    expect(inputSchemas[c].safeParse(validExample(c)).success).toBe(true);
    expect(['beta', 'research']).toContain(CATALOGUE[c].stability);
    const docs = CATALOGUE[c].docs;
    if (docs !== undefined) expect(existsSync(new URL(docs, repo)), docs).toBe(true);
  });

  it('every command without a schema is not available yet, with a purpose and no command file', () => {
    for (const c of COMMANDS.filter((x) => !(SCHEMA_COMMANDS as readonly string[]).includes(x))) {
      expect(CATALOGUE[c].status).toBe('not available yet');
      expect(CATALOGUE[c].purpose.length).toBeGreaterThan(5);
      expect(existsSync(fileOf(c))).toBe(false);
    }
  });

  it('every command the catalogue says is served has its contract here', () => {
    for (const c of SERVED_COMMANDS) expect(Object.keys(REGISTRY), c).toContain(c);
  });

  it('no stray files: each .ts here (not tests) is a registered command, and each fixture belongs to one', () => {
    for (const f of readdirSync(here)) {
      if (f.endsWith('.test.ts') || f === 'index.ts' || f === 'README.md' || f === 'shared') continue;
      const c = f.replace(/\.valid\.json$|\.ts$/, '');
      expect(SCHEMA_COMMANDS as readonly string[], f).toContain(c);
    }
  });

  it('the catalogue (subpath @svc/contracts/commands) imports no zod: only the names', () => {
    const src = readFileSync(new URL('../catalogue.ts', here), 'utf8');
    expect([...src.matchAll(/^import [^;]* from '([^']+)'/gm)].map((m) => m[1])).toEqual(['./command-names']);
  });
});
