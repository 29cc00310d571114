import { randomBytes } from 'node:crypto';
import { markRowsOfNumbers } from '@svc/contracts';

/**
 * `JSON.parse` of a large, syntactically valid text, with every long array of number triples
 * (`[[i, j, w], ...]`, the edge and term lists of large problems) held packed in one Float64Array
 * behind a read-only array view instead of one JS array per triple.
 *
 * Why: `JSON.parse` of a 95 MiB maxcut body builds 4.75 million three-element arrays, about
 * 500 MB of V8 heap on the thread that parses it (docs/reliability.md "Memory of large bodies");
 * packed, the same list is 24 bytes a triple (114 MB). The view reads as the array `JSON.parse`
 * would have built: `Array.isArray` is true, `length`, indexing, iteration, the array methods and
 * `JSON.stringify` see the same numbers (each read of an element returns a new three-number array),
 * so every check, plan, estimate, fingerprint and message computed from it is the same. It cannot
 * be changed (a write throws TypeError) and it cannot cross threads (structured clone refuses a
 * Proxy): it is for the threads that parse, check and plan a body and drop it there
 * (body-check-worker.ts), never for a value that is stored, posted or handed to an engine.
 *
 * How: one pass over the text finds the arrays of at least PACKED_MIN_TRIPLES triples of plain
 * numbers (strings are skipped, so brackets inside them never count), reads their numbers as
 * `JSON.parse` does (`Number` of the literal: the same correctly rounded double, `-0` included),
 * and replaces each in the text with a string marker carrying a random nonce; `JSON.parse` of the
 * shortened text then builds everything else, and each marker found as a value is swapped for its
 * view. The text must already have passed the syntax scan (json-syntax.ts `firstSyntaxFault`).
 */

/** Arrays with fewer triples than this are left to `JSON.parse` (the saving would not pay the view's cost). */
export const PACKED_MIN_TRIPLES = 4096;

const SPACE = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Triples per chunk of a packed list (2^16: 1.5 MB a chunk; a list grows by chunks, never copied). */
const CHUNK_SHIFT = 16;
const CHUNK = 1 << CHUNK_SHIFT;

/** A packed run found in the text: its span and its triples' numbers (3 per triple, CHUNK triples a chunk). */
interface Run {
  readonly start: number;
  readonly end: number;
  readonly chunks: Float64Array[];
  readonly count: number;
}

/** The index an array property key names (a canonical decimal below 2^32 − 1), or −1. */
function indexOf(p: string): number {
  const n = p.length;
  if (n === 0 || n > 10) return -1;
  const c0 = p.charCodeAt(0);
  if (c0 === 0x30) return n === 1 ? 0 : -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = p.charCodeAt(i) - 0x30;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v < 4294967295 ? v : -1;
}

/** Every view made on this thread (`holdsPackedView` looks them up). */
const views = new WeakSet<object>();

/**
 * Whether `value` holds a packed view anywhere (typed arrays are leaves): a plan whose problem
 * does must not be handed to an engine (an addon does not read a Proxy as an array).
 */
export function holdsPackedView(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (views.has(v)) return true;
    if (seen.has(v) || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) continue;
    seen.add(v);
    const items: unknown[] = Array.isArray(v) ? v : Object.values(v);
    for (const x of items) if (x !== null && typeof x === 'object') stack.push(x);
  }
  return false;
}

/** A read-only array view of `count` triples stored in `chunks` (CHUNK triples each, the last one partly). */
export function packedTriples(chunks: readonly Float64Array[], count: number): unknown[] {
  const target: unknown[] = [];
  const at = (k: number) => {
    const c = chunks[k >>> CHUNK_SHIFT];
    const o = 3 * (k & (CHUNK - 1));
    return [c[o], c[o + 1], c[o + 2]];
  };
  const refuse = (): never => {
    throw new TypeError('a packed array of a parsed body is read-only');
  };
  const view = new Proxy(target, {
    get(t, p, receiver) {
      if (typeof p === 'string') {
        if (p === 'length') return count;
        const k = indexOf(p);
        if (k >= 0) return k < count ? at(k) : undefined;
      }
      return Reflect.get(t, p, receiver);
    },
    has(t, p) {
      if (typeof p === 'string') {
        const k = indexOf(p);
        if (k >= 0) return k < count;
      }
      return Reflect.has(t, p);
    },
    ownKeys() {
      const keys: string[] = new Array(count + 1);
      for (let k = 0; k < count; k++) keys[k] = String(k);
      keys[count] = 'length';
      return keys;
    },
    getOwnPropertyDescriptor(t, p) {
      if (typeof p === 'string') {
        if (p === 'length') return { value: count, writable: true, enumerable: false, configurable: false };
        const k = indexOf(p);
        if (k >= 0) return k < count ? { value: at(k), writable: false, enumerable: true, configurable: true } : undefined;
      }
      return Reflect.getOwnPropertyDescriptor(t, p);
    },
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
    setPrototypeOf: refuse,
    preventExtensions: refuse,
  });
  // The depth check and the magnitude sum read it a triple at a time (contracts' depth.ts).
  markRowsOfNumbers(view);
  views.add(view);
  return view;
}

/**
 * The end of the number literal at `i` (the text is valid JSON), its value stored in `out[0]`;
 * −1 when no number starts at `i`.
 */
function readNumber(text: string, i: number, out: Float64Array): number {
  let k = i;
  let neg = false;
  if (text.charCodeAt(k) === 0x2d) {
    neg = true;
    k++;
  }
  let v = 0;
  let digits = 0;
  for (;;) {
    const c = text.charCodeAt(k) - 0x30;
    if (c < 0 || c > 9) break;
    v = v * 10 + c;
    digits++;
    k++;
  }
  if (digits === 0) return -1;
  const c = text.charCodeAt(k);
  if (c === 0x2e || c === 0x65 || c === 0x45 || digits > 15) {
    // A fraction, an exponent or more digits than a double holds exactly: the literal's own conversion.
    while (k < text.length) {
      const d = text.charCodeAt(k);
      if ((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d) k++;
      else break;
    }
    out[0] = Number(text.slice(i, k));
    return k;
  }
  out[0] = neg ? -v : v;
  return k;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && SPACE(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The run of triples whose array opens at `open`, or null when that array is not (only) at least
 * PACKED_MIN_TRIPLES triples of numbers.
 */
function runAt(text: string, open: number, num: Float64Array): Run | null {
  let i = skipSpace(text, open + 1);
  if (text.charCodeAt(i) !== 0x5b) return null;
  const chunks: Float64Array[] = [];
  let chunk = new Float64Array(0);
  let count = 0;
  for (;;) {
    // One triple: '[' n ',' n ',' n ']'.
    i = skipSpace(text, i + 1);
    const o = 3 * (count & (CHUNK - 1));
    if (o === 0) {
      chunk = new Float64Array(3 * CHUNK);
      chunks.push(chunk);
    }
    for (let m = 0; m < 3; m++) {
      const e = readNumber(text, i, num);
      if (e < 0) return null;
      chunk[o + m] = num[0];
      i = skipSpace(text, e);
      if (text.charCodeAt(i) !== (m < 2 ? 0x2c : 0x5d)) return null;
      i = skipSpace(text, i + 1);
    }
    count++;
    const c = text.charCodeAt(i);
    if (c === 0x5d) break;
    if (c !== 0x2c) return null;
    i = skipSpace(text, i + 1);
    if (text.charCodeAt(i) !== 0x5b) return null;
  }
  if (count < PACKED_MIN_TRIPLES) return null;
  // The last chunk cut to what it holds.
  const used = 3 * (((count - 1) & (CHUNK - 1)) + 1);
  if (used < chunk.length) chunks[chunks.length - 1] = chunk.slice(0, used);
  return { start: open, end: i + 1, chunks, count };
}

/** `JSON.parse(text)` with the long triple lists packed (see above); `text` must be valid JSON. */
export function parsePackedJson(text: string): unknown {
  const runs: Run[] = [];
  const num = new Float64Array(1);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: skipped whole (its brackets are text).
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 2;
        else if (d === 0x22) break;
        else i++;
      }
      i++;
    } else if (c === 0x5b) {
      const run = runAt(text, i, num);
      if (run) {
        runs.push(run);
        i = run.end;
      } else i++;
    } else i++;
  }
  if (runs.length === 0) return JSON.parse(text);
  const marker = `\u0000packed:${randomBytes(16).toString('hex')}:`;
  const parts: string[] = [];
  let from = 0;
  for (const [k, r] of runs.entries()) {
    parts.push(text.slice(from, r.start), JSON.stringify(`${marker}${k}`));
    from = r.end;
  }
  parts.push(text.slice(from));
  const made = runs.map((r) => packedTriples(r.chunks, r.count));
  const swap = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (v.startsWith(marker)) {
        const k = Number(v.slice(marker.length));
        return made[k];
      }
      return v;
    }
    if (typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) {
      for (let k = 0; k < v.length; k++) {
        const x = v[k];
        if (typeof x === 'string' || (typeof x === 'object' && x !== null)) v[k] = swap(x);
      }
    } else {
      for (const key of Object.keys(v)) {
        const x = (v as Record<string, unknown>)[key];
        if (typeof x !== 'string' && (typeof x !== 'object' || x === null)) continue;
        const y = swap(x);
        // Defined, not assigned: a member named "__proto__" is an own property, as JSON.parse made it.
        if (y !== x) Object.defineProperty(v, key, { value: y, writable: true, enumerable: true, configurable: true });
      }
    }
    return v;
  };
  return swap(JSON.parse(parts.join('')));
}
