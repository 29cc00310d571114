import { describe, expect, it } from 'vitest';
import { OpenApiBuilder } from 'openapi3-ts/oas31';
import { CATALOGUE, COMMANDS, NOT_AVAILABLE_COMMANDS, SERVED_COMMANDS } from './catalogue';
import { SCHEMA_COMMANDS } from './schema-commands';
import { buildOpenApi } from './openapi';
import { validateProblem } from './validate-problem';

// The served document's validation and its route-completeness check against Fastify's route
// table live in apps/http/src/meta.test.ts; here: the document itself, without a server.
describe('buildOpenApi', () => {
  const doc = buildOpenApi({ serverUrl: 'https://svc.example' });

  it('has the OAS 3.1 root shape and nothing the builder adds by default', () => {
    expect(Object.keys(doc)).toEqual(['openapi', 'jsonSchemaDialect', 'info', 'servers', 'tags', 'paths', 'components', 'security']);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc.servers).toEqual([{ url: 'https://svc.example' }]);
    expect(buildOpenApi().servers).toEqual([{ url: '/' }]);
    // Only the sections in use (an empty `responses: {}` etc. would be noise to a reader).
    expect(Object.keys(doc.components!)).toEqual(['schemas', 'responses', 'securitySchemes']);
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  // The examples Try-it-out sends with the public sandbox token: each one must be accepted as it is
  // (qap, select and milp lacked the n the sandbox needs; optimize pinned the unknown version "stable").
  it('every request example is a problem the sandbox accepts: n given, no version pin', () => {
    let seen = 0;
    for (const [path, item] of Object.entries(doc.paths!)) {
      const m = /^\/api\/v1\/(solve|analyze|estimate|preflight)\/([a-z-]+)$/.exec(path);
      const example = (item as any).post?.requestBody?.content?.['application/json']?.example;
      if (m) {
        expect(example, path).toBeDefined();
        expect(example.version, path).toBeUndefined();
        expect(() => validateProblem(m[2], example, { sandbox: true }), path).not.toThrow();
        seen++;
      } else if (example !== undefined) {
        expect(example.n, path).toBeTypeOf('number');
      }
    }
    expect(seen).toBe(4 * SERVED_COMMANDS.length);
  });

  it('round-trips through OpenApiBuilder as JSON unchanged', () => {
    const again = OpenApiBuilder.create(JSON.parse(JSON.stringify(doc))).getSpecAsJson();
    expect(JSON.parse(again)).toEqual(doc);
  });

  it('gives every operation a unique id, known tags, responses, and every $ref a target', () => {
    const tags = new Set(doc.tags!.map((t) => t.name));
    const ids: string[] = [];
    for (const item of Object.values(doc.paths!)) {
      for (const op of Object.values(item as Record<string, { operationId: string; tags: string[]; responses: object }>)) {
        ids.push(op.operationId);
        for (const t of op.tags) expect(tags.has(t), t).toBe(true);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(50);
    for (const r of refs) {
      const [, , kind, name] = r.slice(8, -1).split('/');
      expect(['schemas', 'responses'], r).toContain(kind);
      expect((doc.components as Record<string, object>)[kind!], r).toHaveProperty(name!);
    }
  });

  it('has the solve, preflight, verify and formulate routes and both schemas of every served command', () => {
    expect(SERVED_COMMANDS).toEqual(COMMANDS.filter((c) => CATALOGUE[c].status === 'served'));
    for (const c of SERVED_COMMANDS) {
      for (const p of ['solve', 'analyze', 'estimate', 'preflight', 'verify']) expect(doc.paths![`/api/v1/${p}/${c}`]?.post, `${p}/${c}`).toBeDefined();
      expect(doc.paths![`/api/v1/formulate/${c}`]?.get).toBeDefined();
      const P = c.split('-').map((x) => x[0]!.toUpperCase() + x.slice(1)).join('');
      expect(doc.components!.schemas![`${P}Problem`]).not.toHaveProperty('$schema');
      expect(doc.components!.schemas![`${P}Result`]).toBeTypeOf('object');
    }
  });

  it('documents no route or schema of a command this version does not serve, and names those commands', () => {
    const pascal = (c: string) => c.split('-').map((x) => x[0]!.toUpperCase() + x.slice(1)).join('');
    for (const c of NOT_AVAILABLE_COMMANDS) {
      for (const p of ['solve', 'analyze', 'estimate', 'preflight', 'verify', 'formulate']) expect(doc.paths![`/api/v1/${p}/${c}`], `${p}/${c}`).toBeUndefined();
      expect(doc.components!.schemas![`${pascal(c)}Problem`]).toBeUndefined();
      expect(doc.info.description).toContain(c);
    }
    for (const c of SCHEMA_COMMANDS.filter((x) => !SERVED_COMMANDS.includes(x))) expect(doc.paths![`/api/v1/solve/${c}`]).toBeUndefined();
    expect(doc.info.description).toContain('Not available yet');
    expect(doc.tags!.find((t) => t.name === 'solve')!.description).toContain('tsp');
  });
});
