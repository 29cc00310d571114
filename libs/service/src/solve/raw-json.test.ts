/**
 * A large JSON body solved on its worker (raw-json.ts `solveRaw`) is parsed packed
 * (door/packed-json.ts): its plan, cache key, answer fields and receipt are those of the body
 * parsed plainly, and the cut value is the one counted here from the plain edge list.
 */
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createTsEngine, newCancelSignal } from '@svc/engine-ts';
import { rng } from '../../test/brute-force';
import type { Principal } from '../principal';
import { receipt } from '../receipt';
import { resultCacheKey } from '../result-cache';
import { PACKED_MIN_TRIPLES } from '../door/packed-json';
import { SYNTAX_SCAN_MIN_CHARS } from '../door/json-syntax';
import { cacheKeyOf, planSolve } from './plan';
import { solveRaw, type RawMessage, type RawSolveTask } from './raw-json';
import { solveTask } from './worker';

describe('solveRaw on a packed body', () => {
  it('plans, solves and writes the receipt as the plain body would', async () => {
    const r = rng(3201);
    const n = 400;
    const edges: number[][] = [];
    // Past 1 MiB of text (json-syntax.ts SYNTAX_SCAN_MIN_CHARS): the size parsed packed.
    for (let k = 0; k < 20 * PACKED_MIN_TRIPLES; k++) {
      const i = Math.floor(r() * n);
      const j = (i + 1 + Math.floor(r() * (n - 1))) % n;
      edges.push([i, j, Math.round((r() - 0.3) * 1000) / 8]);
    }
    const body = { tag: 'svc-cortex-v1', description: 'Split a network into two sides.', n, edges };
    const text = JSON.stringify(body).replace('"edges":[', '"edges":[ ');
    expect(text.length).toBeGreaterThan(SYNTAX_SCAN_MIN_CHARS);
    const query = { effort: 'flash', seed: '7' };
    const plain = planSolve({ lane: 'json', command: 'maxcut', body: JSON.parse(text) }, { kind: 'account' } as Principal, query, { sandboxMaxN: 0 });

    const channel = new MessageChannel();
    const bytes = new Uint8Array(Buffer.from(text));
    const task: RawSolveTask = {
      raw: { bytes, contentType: 'application/json', command: 'maxcut', query, sandbox: false, sandboxMaxN: 0, keyed: true, engine: 'ts' },
      cancel: newCancelSignal().flag,
      port: channel.port2,
    };
    channel.port1.once('message', (m: RawMessage) => {
      expect('summary' in m).toBe(true);
      if ('summary' in m) {
        expect(m.summary.cacheKey).toBe(resultCacheKey(cacheKeyOf(plain, 'ts')));
        expect(m.summary.terms).toBe(plain.prep.terms);
      }
      channel.port1.postMessage({ go: {} });
    });
    const engine = createTsEngine();
    const out = await solveRaw(task, (t) => solveTask(t, engine));
    channel.port1.close();
    if (!('solved' in out)) throw new Error(`not solved: ${JSON.stringify(out)}`);
    const done = out.solved.recheck && 'done' in out.solved.recheck ? out.solved.recheck.done : undefined;
    if (!done) throw new Error(`no re-check: ${JSON.stringify(out.solved.recheck)}`);
    const answer = done.fields.answer as number[];
    // The independent count: the weight of the plain edges whose ends differ.
    const cut = edges.reduce((s, [i, j, w]) => s + (answer[i] !== answer[j] ? w : 0), 0);
    expect(done.fields.cut_value as number).toBeCloseTo(cut, 9);
    expect(out.solved.receipt).toBe(receipt({
      command: 'maxcut', problem: plain.prep.receiptProblem, seed: plain.seed, effort: plain.effort, version: plain.version, engine: out.solved.engine, answer,
    }));
  });
});
