/**
 * `npm run fuzz:soak [-- <cases>]`: the fuzz test's bad-input cases at volume (default 100,000:
 * 90 % JSON over every command, 10 % SVCB) against a server started here, then the tally by
 * status and code. Exits 1 when any case answered 5xx, broke the reply contract or hung.
 * SVC_FUZZ_SEED fixes the seed (default: random, printed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { REGISTRY } from '@svc/contracts';
import { SOLVABLE_COMMANDS } from '@svc/service';
import { encodeSvcb } from '@svc/client';
import { startServer } from '@svc/http';
import { anyCase, binaryCase, type Json } from './cases';
import { binarySender, checkReply, jsonSender, FUZZ_SERVER } from './send';

const total = Number(process.argv[2] ?? 100_000);
const seed = Number(process.env.SVC_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const work = mkdtempSync(join(tmpdir(), 'svc-soak-'));
const server = await startServer({ host: '127.0.0.1', port: 0, dataDir: join(work, 'data'), engine: 'ts', env: {}, onFault: () => {}, ...FUZZ_SERVER });
const fixtures = Object.fromEntries(SOLVABLE_COMMANDS.map((c) => [c, REGISTRY[c as keyof typeof REGISTRY].example as Json]));
const valid = [
  encodeSvcb('maxcut', { description: 'Split five offices into two teams to maximise links.', n: 5, edges: [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]] }),
  encodeSvcb('optimize', { description: 'Choose which of four sites to open at least cost.', n: 4, linear: { 0: -3, 2: 5 }, quadratic: [[0, 1, 2], [1, 3, -4], [2, 3, 1]] }),
].map((e) => (e.ok ? e.bytes : new Uint8Array(0)));

const sendJson = jsonSender(server.url);
const sendBinary = binarySender(server.url);
const tally = new Map<string, number>();
const failures: string[] = [];
const started = performance.now();
const jsonCases = fc.sample(anyCase(fixtures), { numRuns: Math.ceil(total * 0.9), seed });
const binCases = fc.sample(binaryCase(valid), { numRuns: total - jsonCases.length, seed });
let done = 0;
async function one(label: string, send: () => Promise<{ status: number; contentType: string; text: string }>): Promise<void> {
  try {
    const r = await send();
    let code = '';
    if (r.status >= 400) {
      try {
        code = String((JSON.parse(r.text) as { code?: unknown }).code);
      } catch {
        code = '(not JSON)';
      }
    }
    const key = `${r.status} ${code}`.trim();
    tally.set(key, (tally.get(key) ?? 0) + 1);
    checkReply(r, label);
  } catch (e) {
    failures.push(e instanceof Error ? e.message.slice(0, 500) : String(e));
  }
  if (++done % 10_000 === 0) process.stderr.write(`soak: ${done} of ${total} cases, ${failures.length} failures\n`);
}
for (const c of jsonCases) await one(c.label, () => sendJson(c));
for (const c of binCases) await one(`SVCB ${c.label}`, () => sendBinary(c.body));
const seconds = (performance.now() - started) / 1000;
await server.close();
rmSync(work, { recursive: true, force: true });

const rows = [...tally].sort((a, b) => b[1] - a[1]);
console.log(`fuzz soak: ${done} cases (${jsonCases.length} JSON, ${binCases.length} SVCB), seed ${seed}, ${seconds.toFixed(1)} s`);
console.log('| answer | cases |\n|---|---:|');
for (const [k, n] of rows) console.log(`| ${k} | ${n} |`);
const fives = rows.filter(([k]) => k.startsWith('5')).reduce((a, [, n]) => a + n, 0);
console.log(`5xx: ${fives}; contract failures: ${failures.length}`);
for (const f of failures.slice(0, 10)) console.log(`  ${f}`);
process.exit(failures.length > 0 ? 1 : 0);
