/**
 * SVCB, the binary lane of `optimize` and `maxcut` (commands.md "SVCB", docs/svcb.md).
 * Little-endian: magic "SVCB", u16 version = 1, u16 command (1 optimize, 2 maxcut), u32 n,
 * u32 m (pairs), u32 l (linear terms), u32 description length + UTF-8 bytes, then
 * l × (u32 index, i32 h), m × (u32 i, u32 j, i32 w). Anything else is SVC_INVALID_INPUT naming
 * the byte offset. The decoded problem goes through the same canonical builders as JSON, so the
 * same problem gives the same receipt on either lane.
 */
import { SvcError } from '@svc/errors';
import { LIMITS } from '@svc/contracts';
import { type EngineResult } from '@svc/engine-ts';
import { canonicalMaxcutFromArrays, canonicalQuboFromArrays } from '@svc/engine-ts/families/qubo';
import { rescoreResult } from './rescore-result';
import type { Rescored } from '../../internal/rescore';
import type { PreparedSolve } from '../adapter';
import { canonicalOrInvalid, receiptProblem } from './qubo-family';

export const SVCB_MAGIC = 'SVCB';
export const SVCB_VERSION = 1;
/** Command codes of the header. */
export const SVCB_COMMANDS = Object.freeze({ optimize: 1, maxcut: 2 } as const);
export type SvcbCommand = keyof typeof SVCB_COMMANDS;
/** Fixed header bytes before the description. */
export const SVCB_HEADER_BYTES = 24;
export const SVCB_CONTENT_TYPE = 'application/octet-stream';

/** A structurally valid SVCB body. Pairs and linear terms are kept raw (duplicates not merged). */
export interface DecodedSvcb {
  readonly command: SvcbCommand;
  readonly n: number;
  readonly description: string;
  readonly linearIndex: Uint32Array;
  readonly linearValue: Int32Array;
  readonly pairI: Uint32Array;
  readonly pairJ: Uint32Array;
  readonly pairW: Int32Array;
}

function invalid(offset: number, detail: string): SvcError {
  return new SvcError('SVC_INVALID_INPUT', `SVCB byte offset ${offset}: ${detail}`, { extensions: { offset, field: `svcb@${offset}` } });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes and checks an SVCB body in the precedence of commands.md: framing (magic, version,
 * command, lengths, UTF-8) → description (SVC_MISSING_DESCRIPTION) → schema (n ≥ 1, indices in
 * range, no max-cut self-pair or linear term, at least one edge) → sizes (SVC_DIMENSION_LIMIT,
 * then SVC_SANDBOX_LIMIT when `sandboxMaxN` is given). Every input fault names its byte offset.
 */
export function decodeSvcb(bytes: Uint8Array, ctx: { readonly sandboxMaxN?: number } = {}): DecodedSvcb {
  const len = bytes.byteLength;
  if (len < SVCB_HEADER_BYTES) throw invalid(len, `the ${SVCB_HEADER_BYTES}-byte header is truncated (the body has ${len} bytes)`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, len);
  for (let k = 0; k < 4; k++) {
    if (bytes[k] !== SVCB_MAGIC.charCodeAt(k)) throw invalid(k, `magic must be "${SVCB_MAGIC}"`);
  }
  const version = dv.getUint16(4, true);
  if (version !== SVCB_VERSION) throw invalid(4, `version ${version} is not supported (expected ${SVCB_VERSION})`);
  const code = dv.getUint16(6, true);
  const command = (Object.keys(SVCB_COMMANDS) as SvcbCommand[]).find((c) => SVCB_COMMANDS[c] === code);
  if (command === undefined) throw invalid(6, `command code ${code} is not 1 (optimize) or 2 (maxcut)`);
  const n = dv.getUint32(8, true);
  const m = dv.getUint32(12, true);
  const l = dv.getUint32(16, true);
  const d = dv.getUint32(20, true);
  const linearAt = SVCB_HEADER_BYTES + d;
  const pairsAt = linearAt + 8 * l;
  const end = pairsAt + 12 * m;
  if (linearAt > len) throw invalid(len, `the description of ${d} bytes (declared at offset 20) runs past the end of the body`);
  if (end > len) {
    const at = pairsAt > len ? linearAt + 8 * Math.floor((len - linearAt) / 8) : pairsAt + 12 * Math.floor((len - pairsAt) / 12);
    throw invalid(at, `the body ends inside the data: l = ${l} linear terms and m = ${m} pairs need ${end} bytes, got ${len}`);
  }
  if (end < len) throw invalid(end, `${len - end} unexpected trailing bytes after the last pair`);
  let description: string;
  try {
    description = utf8.decode(bytes.subarray(SVCB_HEADER_BYTES, linearAt));
  } catch {
    throw invalid(SVCB_HEADER_BYTES, 'the description is not valid UTF-8');
  }
  if (description.trim().length < LIMITS.minDescription) {
    throw new SvcError('SVC_MISSING_DESCRIPTION',
      `SVCB byte offset 20: the description has fewer than ${LIMITS.minDescription} characters; give one plain sentence naming the real-world decision`,
      { extensions: { offset: 20, field: 'description' } });
  }
  if (description.length > LIMITS.maxDescription) throw invalid(20, `the description is longer than ${LIMITS.maxDescription} characters`);

  if (n < 1) throw invalid(8, 'n must be at least 1');
  if (command === 'maxcut' && l !== 0) throw invalid(16, 'maxcut takes no linear terms (l must be 0)');
  if (command === 'maxcut' && m === 0) throw invalid(12, 'maxcut needs at least one edge (an empty edge list is invalid)');
  const linearIndex = new Uint32Array(l);
  const linearValue = new Int32Array(l);
  for (let k = 0; k < l; k++) {
    const at = linearAt + 8 * k;
    const i = dv.getUint32(at, true);
    if (i >= n) throw invalid(at, `linear term ${k}: index ${i} is out of range 0..${n - 1}`);
    linearIndex[k] = i;
    linearValue[k] = dv.getInt32(at + 4, true);
  }
  const pairI = new Uint32Array(m);
  const pairJ = new Uint32Array(m);
  const pairW = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    const at = pairsAt + 12 * k;
    const i = dv.getUint32(at, true);
    const j = dv.getUint32(at + 4, true);
    if (i >= n) throw invalid(at, `pair ${k}: index ${i} is out of range 0..${n - 1}`);
    if (j >= n) throw invalid(at + 4, `pair ${k}: index ${j} is out of range 0..${n - 1}`);
    if (i === j && command === 'maxcut') throw invalid(at, `edge ${k} is a self-pair [${i}, ${i}]`);
    pairI[k] = i;
    pairJ[k] = j;
    pairW[k] = dv.getInt32(at + 8, true);
  }
  if (n > LIMITS.maxN) dimension(`n = ${n} is over the cap of ${LIMITS.maxN}`, LIMITS.maxN, 'n', 8);
  if (m > LIMITS.maxPairs) dimension(`m = ${m} pairs is over the cap of ${LIMITS.maxPairs}`, LIMITS.maxN, command === 'maxcut' ? 'edges' : 'quadratic', 12);
  if (ctx.sandboxMaxN !== undefined && n > ctx.sandboxMaxN) {
    throw new SvcError('SVC_SANDBOX_LIMIT', `n = ${n} is over the sandbox cap of ${ctx.sandboxMaxN}; register a free key for larger problems`, {
      facts: { reduce_problem_size: { max_n: ctx.sandboxMaxN, limit: 'n' } },
      extensions: { field: 'n', offset: 8 },
    });
  }
  return { command, n, description, linearIndex, linearValue, pairI, pairJ, pairW };
}

function dimension(detail: string, cap: number, limit: string, offset: number): never {
  throw new SvcError('SVC_DIMENSION_LIMIT', `SVCB byte offset ${offset}: ${detail}`, {
    facts: { reduce_problem_size: { max_n: cap, limit } },
    extensions: { field: limit, offset },
  });
}

/** Objective straight from the raw SVCB terms (independent of the canonical builder). */
function rescoreRaw(b: DecodedSvcb, x: ArrayLike<number>): Rescored {
  let value = 0;
  let weightSum = 0;
  if (b.command === 'optimize') {
    for (let k = 0; k < b.linearIndex.length; k++) {
      const h = b.linearValue[k];
      weightSum += Math.abs(h);
      if (x[b.linearIndex[k]] === 1) value += h;
    }
    for (let k = 0; k < b.pairI.length; k++) {
      const w = b.pairW[k];
      weightSum += Math.abs(w);
      if (x[b.pairI[k]] === 1 && x[b.pairJ[k]] === 1) value += w;
    }
  } else {
    for (let k = 0; k < b.pairI.length; k++) {
      const w = b.pairW[k];
      weightSum += Math.abs(w);
      if (x[b.pairI[k]] !== x[b.pairJ[k]]) value += w;
    }
  }
  return { value, weightSum };
}

/**
 * The solve-ready form of a decoded body: the same canonical problem, terms count, receipt
 * form and answer fields as the JSON adapters of `optimize` and `maxcut` produce.
 */
export function prepareSvcb(b: DecodedSvcb): PreparedSolve {
  const n = b.n;
  const minimise = b.command === 'optimize';
  const problem = canonicalOrInvalid(() => {
    if (b.command === 'maxcut') return canonicalMaxcutFromArrays(n, b.pairI, b.pairJ, b.pairW);
    // Repeated linear indices add up, as duplicate pairs do.
    const h = new Float64Array(n);
    for (let k = 0; k < b.linearIndex.length; k++) h[b.linearIndex[k]] += b.linearValue[k];
    return canonicalQuboFromArrays(n, h, b.pairI, b.pairJ, b.pairW);
  });
  const terms = problem.kind === 'qubo' ? problem.pairs.i.length : (problem.edges?.i.length ?? n);
  return {
    problem,
    terms,
    receiptProblem: receiptProblem(problem),
    finish(r: EngineResult, ctx) {
      const checked = rescoreResult({ minimise, n, result: r, rescore: (x) => rescoreRaw(b, x), deadlineFired: ctx.deadlineFired });
      const answer = Array.from(r.answer);
      return { ...checked, fields: minimise ? { answer, energy: r.objective, n } : { answer, cut_value: r.objective } };
    },
  };
}

/** A problem to encode: integer weights only (i32), indices 0-based. */
export interface SvcbProblem {
  readonly command: SvcbCommand;
  readonly n: number;
  readonly description: string;
  /** optimize only: {index: h}. */
  readonly linear?: Readonly<Record<string, number>>;
  /** optimize `quadratic` or maxcut `edges`. */
  readonly pairs?: ReadonlyArray<readonly [number, number, number] | readonly number[]>;
}

const isI32 = (v: number) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;

/**
 * Encodes a problem as SVCB, or returns null when it is not representable (a non-integer or
 * out-of-range weight, `complete: true`): callers then fall back to JSON.
 */
export function encodeSvcb(p: SvcbProblem): Uint8Array | null {
  const desc = new TextEncoder().encode(p.description);
  const linear = Object.entries(p.linear ?? {});
  const pairs = p.pairs ?? [];
  if (!linear.every(([, h]) => isI32(h)) || !pairs.every((t) => isI32(t[2]))) return null;
  const buf = new Uint8Array(SVCB_HEADER_BYTES + desc.length + 8 * linear.length + 12 * pairs.length);
  const dv = new DataView(buf.buffer);
  buf.set(new TextEncoder().encode(SVCB_MAGIC), 0);
  dv.setUint16(4, SVCB_VERSION, true);
  dv.setUint16(6, SVCB_COMMANDS[p.command], true);
  dv.setUint32(8, p.n, true);
  dv.setUint32(12, pairs.length, true);
  dv.setUint32(16, linear.length, true);
  dv.setUint32(20, desc.length, true);
  buf.set(desc, SVCB_HEADER_BYTES);
  let at = SVCB_HEADER_BYTES + desc.length;
  for (const [k, h] of linear) {
    dv.setUint32(at, Number(k), true);
    dv.setInt32(at + 4, h, true);
    at += 8;
  }
  for (const t of pairs) {
    dv.setUint32(at, t[0], true);
    dv.setUint32(at + 4, t[1], true);
    dv.setInt32(at + 8, t[2], true);
    at += 12;
  }
  return buf;
}
