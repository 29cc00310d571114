const INDEX_KEY = /^(0|[1-9][0-9]*)$/;

// Index-like keys sort numerically (by length, then digits: exact for any size) before other keys.
function compareKeys(a: string, b: string): number {
  const ai = INDEX_KEY.test(a);
  const bi = INDEX_KEY.test(b);
  if (ai && bi) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  if (ai !== bi) return ai ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Collects output in ~64 KiB chunks handed to `flush`, so huge problems never build one part per token. */
class ChunkSink {
  private buf = '';
  constructor(private readonly flush: (chunk: string | Uint8Array) => void) {}
  push(s: string): void {
    this.buf += s;
    if (this.buf.length >= 65536) {
      this.flush(this.buf);
      this.buf = '';
    }
  }
  /** UTF-8 bytes already written (a `CanonicalText`): passed on as they are, after what is pending. */
  pushBytes(b: Uint8Array): void {
    this.end();
    this.flush(b);
  }
  end(): void {
    if (this.buf.length > 0) this.flush(this.buf);
    this.buf = '';
  }
}

/**
 * A value's canonical JSON written once in advance (`canonicalText`), as UTF-8 bytes, and emitted
 * as it is wherever it appears inside a value given to `canonicalJson` or `writeCanonicalJson`.
 */
export class CanonicalText {
  constructor(readonly chunks: readonly Uint8Array[], readonly bytes: number) {}
}

class TooLong extends Error {}

/**
 * The canonical JSON of `value` as UTF-8 chunks, to be spliced into a larger document later: a
 * hash over flat bytes costs one pass (kept as strings, the chunks would stay ropes of every
 * token, slow to collect and to flatten). Null when it would be longer than `maxBytes` (nothing
 * larger is kept in memory).
 */
export function canonicalText(value: unknown, maxBytes = Infinity): CanonicalText | null {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const sink = new ChunkSink((c) => {
    const b = typeof c === 'string' ? Buffer.from(c, 'utf8') : c;
    bytes += b.length;
    if (bytes > maxBytes) throw new TooLong();
    chunks.push(b);
  });
  try {
    write(value, sink);
    sink.end();
  } catch (e) {
    if (e instanceof TooLong) return null;
    throw e;
  }
  return new CanonicalText(chunks, bytes);
}

function numberText(x: number): string {
  if (!Number.isFinite(x)) throw new TypeError(`canonical JSON cannot encode ${x}`);
  // ECMAScript Number-to-string is the shortest round-trip form; -0 prints as 0.
  return String(x);
}

/** Numbers per JSON.stringify call of `writeNumbers` (its text is at most ~25 characters a number). */
const NUMBERS_PER_CHUNK = 8192;
/** Arrays this short are written number by number (a copy and a JSON.stringify call cost more). */
const SHORT_ARRAY = 16;

/**
 * Whether `rows` is a non-empty plain array of plain arrays of finite numbers (points, grids,
 * neighbour lists): written a chunk of rows at a time by JSON.stringify (`writeNumberRows`).
 */
function isNumberRows(rows: unknown[]): boolean {
  if (rows.length === 0) return false;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!Array.isArray(row)) return false;
    for (let k = 0; k < row.length; k++) {
      const x = row[k];
      if (typeof x !== 'number' || !Number.isFinite(x)) return false;
    }
  }
  return true;
}

/** `isNumberRows` rows: JSON.stringify of about NUMBERS_PER_CHUNK numbers' rows at a time (the same text as `write`). */
function writeNumberRows(rows: number[][], out: ChunkSink): void {
  const len = rows.length;
  let start = 0;
  while (start < len) {
    let end = start;
    let count = 0;
    while (end < len && (end === start || count + rows[end].length <= NUMBERS_PER_CHUNK)) count += rows[end++].length;
    const text = JSON.stringify(start === 0 && end === len ? rows : rows.slice(start, end));
    out.push(start === 0 ? (end === len ? text : text.slice(0, -1)) : ',' + (end === len ? text.slice(1) : text.slice(1, -1)));
    start = end;
  }
}

/**
 * Typed arrays and plain arrays of numbers (the hot case: pairs, matrices, answers): checked finite
 * in one pass, then written a chunk at a time by JSON.stringify, whose number text is ECMAScript's
 * Number-to-string (`numberText`'s, -0 as 0) without a string concatenation per number (4–7× less
 * CPU than formatting them one by one on arrays of 10^5–10^6 numbers).
 */
function writeNumbers(items: ArrayLike<number>, out: ChunkSink): void {
  const len = items.length;
  for (let k = 0; k < len; k++) if (!Number.isFinite(items[k])) numberText(items[k]);
  if (len <= SHORT_ARRAY) {
    // A short array (a point, a row of a small matrix): one by one, without a copy.
    let line = '[';
    for (let k = 0; k < len; k++) line += (k > 0 ? ',' : '') + String(items[k]);
    out.push(line + ']');
    return;
  }
  const plain = Array.isArray(items);
  for (let k = 0; k < len; k += NUMBERS_PER_CHUNK) {
    const end = Math.min(len, k + NUMBERS_PER_CHUNK);
    // A plain array of the chunk's numbers (a typed array's own JSON is an object of its indices).
    const part = plain ? (items as number[]).slice(k, end) : Array.from((items as unknown as Float64Array).subarray(k, end));
    const text = JSON.stringify(part);
    // "[a,b]" of each chunk: the first keeps its "[", the last its "]", the others are joined by ",".
    out.push(k === 0 ? (end === len ? text : text.slice(0, -1)) : ',' + (end === len ? text.slice(1) : text.slice(1, -1)));
  }
}

function isNumberArray(a: unknown[]): boolean {
  for (let k = 0; k < a.length; k++) if (typeof a[k] !== 'number') return false;
  return true;
}

function write(value: unknown, out: ChunkSink): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'number':
      out.push(numberText(value));
      return;
    case 'string':
    case 'boolean':
      out.push(JSON.stringify(value));
      return;
    case 'bigint':
      out.push(value.toString());
      return;
    case 'object':
      if (value instanceof CanonicalText) {
        for (const c of value.chunks) out.pushBytes(c);
        return;
      }
      break;
    default:
      throw new TypeError(`canonical JSON cannot encode a ${typeof value}`);
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView) && !(value instanceof BigInt64Array) && !(value instanceof BigUint64Array)) {
    writeNumbers(value as unknown as ArrayLike<number>, out);
    return;
  }
  if (Array.isArray(value)) {
    if (isNumberArray(value)) {
      writeNumbers(value as number[], out);
      return;
    }
    if (isNumberRows(value)) {
      writeNumberRows(value as number[][], out);
      return;
    }
    out.push('[');
    for (let k = 0; k < value.length; k++) {
      if (k > 0) out.push(',');
      write(value[k] === undefined ? null : value[k], out);
    }
    out.push(']');
    return;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort(compareKeys);
  out.push('{');
  keys.forEach((k, idx) => {
    if (idx > 0) out.push(',');
    out.push(JSON.stringify(k) + ':');
    write(obj[k], out);
  });
  out.push('}');
}

/**
 * Canonical JSON: no whitespace, object keys sorted (index-like keys numerically, first),
 * numbers in shortest round-trip form, typed arrays as plain arrays, `undefined` members dropped.
 * Non-finite numbers are refused.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const sink = new ChunkSink((c) => parts.push(typeof c === 'string' ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('utf8')));
  write(value, sink);
  sink.end();
  return parts.join('');
}

/** Streams the canonical JSON of `value` into `update` (e.g. a hash) without building the whole string. */
export function writeCanonicalJson(value: unknown, update: (chunk: string) => void): void {
  writeCanonicalChunks(value, (c) => update(typeof c === 'string' ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('utf8')));
}

/** `writeCanonicalJson`, with a `CanonicalText` inside `value` passed on as its UTF-8 bytes (a hash takes either). */
export function writeCanonicalChunks(value: unknown, update: (chunk: string | Uint8Array) => void): void {
  const sink = new ChunkSink(update);
  write(value, sink);
  sink.end();
}
