import { readFileSync, writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTsEngine, type NumericResult } from '@svc/engine-ts';
import { canonicalRelation, RELATION_STOPS } from '@svc/engine-ts/families/relation';
import { resolveRelation } from '@svc/contracts';
import { createNativeEngine } from './index';

it('xcheck', async () => {
  const cases = JSON.parse(readFileSync('/tmp/rel/cases.json', 'utf8')) as any[];
  const native = createNativeEngine()!;
  const ts = createTsEngine();
  const out: any[] = [];
  for (const c of cases) {
    const body: any = c.values ? { values: c.values } : { value: c.value, degree: c.degree };
    body.max_height = c.max_height;
    if (c.digits != null) body.digits = c.digits;
    let r: any;
    try { r = resolveRelation(body); } catch (e) { out.push({ invalid: String((e as Error).message).slice(0, 100) }); continue; }
    const problem = canonicalRelation({ ...(c.values ? { values: c.values } : { value: c.value, degree: c.degree }), max_height: r.maxHeight, digits: r.digits });
    const req = { command: 'relation' as const, problem, effort: 'medium' as const, seed: 0 };
    const t0 = performance.now();
    const a = (await ts.solve(req)) as NumericResult;
    const t1 = performance.now();
    const b = (await native.solve(req)) as NumericResult;
    const t2 = performance.now();
    out.push({ digits: r.digits, ts: { answer: Array.from(a.answer), stop: RELATION_STOPS[a.extras.stop], bound: a.extras.bound, irreducible: a.extras.irreducible, ms: t1 - t0 },
      native: { answer: Array.from(b.answer), stop: RELATION_STOPS[b.extras.stop], bound: b.extras.bound, irreducible: b.extras.irreducible, ms: t2 - t1 },
      same: JSON.stringify(Array.from(a.answer)) === JSON.stringify(Array.from(b.answer)) && JSON.stringify(a.extras) === JSON.stringify(b.extras) });
  }
  writeFileSync('/tmp/rel/out.json', JSON.stringify(out));
}, 1_800_000);
