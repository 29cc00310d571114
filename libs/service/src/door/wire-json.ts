/**
 * A google.protobuf.Struct or Value still in its wire bytes, read straight to JSON.
 *
 * `jsonBytes()` walks the bytes without building anything and returns the UTF-8 length of
 * `JSON.stringify` of the value (what every door measures against the plan's cap), refusing what is
 * not a well-formed message, not UTF-8, nested deeper than the HTTP door allows or not a JSON number.
 * Only then does `decode()` build the value, as `JSON.parse` would: plain objects whose keys are own
 * properties (`__proto__` included, so the contracts refuse it as they do over HTTP). Nothing of a
 * message its caller's plan cannot send is ever turned into objects (a Struct as grpc-js builds it
 * is about 13× its size).
 */
import { isUtf8 } from 'node:buffer';
import { SvcError } from '@svc/errors';
import { LIMITS, duplicateKeyMessage, validateProblem, type ValidateContext } from '@svc/contracts';

const MAX_DEPTH = LIMITS.maxNestingDepth;
const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

/** Read position in a buffer (one per walk), and the field number and wire type of the last tag read. */
interface At { pos: number; field: number; wire: number }

class WireError extends Error {}

function fail(reason: string): never {
  throw new WireError(reason);
}

function varint(buf: Buffer, at: At, end: number): number {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 10; i++) {
    if (at.pos >= end) fail(`a varint runs past the end (byte ${at.pos})`);
    const b = buf[at.pos++];
    value += (b & 0x7f) * scale;
    if (b < 0x80) return value;
    scale *= 128;
  }
  fail(`a varint is longer than 10 bytes (byte ${at.pos})`);
}

/** The end of a length-delimited field whose length prefix is at `at`. */
function lengthEnd(buf: Buffer, at: At, end: number): number {
  const len = varint(buf, at, end);
  if (len > end - at.pos) fail(`a length of ${len} runs past the end (byte ${at.pos})`);
  return at.pos + len;
}

function skip(buf: Buffer, at: At, end: number, wire: number): void {
  switch (wire) {
    case WIRE_VARINT: varint(buf, at, end); return;
    case WIRE_I64: at.pos += 8; break;
    case WIRE_LEN: at.pos = lengthEnd(buf, at, end); return;
    case WIRE_I32: at.pos += 4; break;
    default: fail(`wire type ${wire} is not used by proto3 (byte ${at.pos})`);
  }
  if (at.pos > end) fail('a fixed-size field runs past the end');
}

/** Reads the tag at `at` into `at.field` and `at.wire` (no allocation: a big list has millions). */
function tag(buf: Buffer, at: At, end: number): void {
  const t = varint(buf, at, end);
  const field = Math.floor(t / 8);
  if (field < 1 || field > 0x1fffffff) fail(`field number ${field} is out of range (byte ${at.pos})`);
  at.field = field;
  at.wire = t % 8;
}

function expectWire(field: number, wire: number, want: number, at: At): void {
  if (wire !== want) fail(`field ${field} has wire type ${wire}, expected ${want} (byte ${at.pos})`);
}

function checkUtf8(buf: Buffer, start: number, end: number, what: string): void {
  if (!isUtf8(buf.subarray(start, end))) {
    throw new SvcError('SVC_INVALID_INPUT', `${what}: a string is not valid UTF-8 (message bytes ${start}–${end}); protobuf strings are UTF-8, as JSON text is. Re-encode the text as UTF-8.`, {
      extensions: { field: what },
    });
  }
}

/** UTF-8 length of the JSON string literal of the (valid UTF-8) bytes: quotes and escapes included. */
function jsonStringBytes(buf: Buffer, start: number, end: number): number {
  let n = 2;
  for (let i = start; i < end; i++) {
    const b = buf[i];
    if (b >= 0x20 && b !== 0x22 && b !== 0x5c) n += 1;
    else if (b === 0x22 || b === 0x5c || b === 0x08 || b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d) n += 2;
    else n += 6;
  }
  return n;
}

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** Length of `JSON.stringify(x)` for a finite number. */
function numberBytes(x: number): number {
  if (Number.isSafeInteger(x) && Math.abs(x) < 1e15) {
    const a = Math.abs(x);
    let d = 1;
    while (d < 16 && a >= POW10[d]) d++;
    return x < 0 ? d + 1 : d;
  }
  return String(x).length;
}

/** Thrown by a walk that looks for a key given twice in one Struct, at the first one. */
class DuplicateKey extends Error {}

/** The walk over one message: `measure*` validates and counts, `build*` (after a measure) makes the value. */
class Walk {
  readonly at: At = { pos: 0, field: 0, wire: 0 };
  /** `keys`: a measure also stops with DuplicateKey at a Struct's second use of a key (decode refuses one). */
  constructor(readonly buf: Buffer, readonly field: string, private readonly keys = false) {}

  private deeper(depth: number): number {
    if (depth + 1 > MAX_DEPTH) {
      throw new SvcError('SVC_INVALID_INPUT', `"${this.field}" is nested more than ${MAX_DEPTH} levels deep; no problem needs that many (arrays of numbers, rows of a matrix, lists of rules)`, {
        extensions: { field: this.field },
      });
    }
    return depth + 1;
  }

  private number(end: number): number {
    if (this.at.pos + 8 > end) fail('a double runs past the end');
    const x = this.buf.readDoubleLE(this.at.pos);
    if (!Number.isFinite(x)) {
      throw new SvcError('SVC_INVALID_INPUT', `${this.field}: number_value ${String(x)} at message byte ${this.at.pos} is not a JSON number (JSON has no NaN or Infinity).`, {
        extensions: { field: this.field },
      });
    }
    this.at.pos += 8;
    return x;
  }

  /** Size of a Struct's JSON, the Struct's fields in [at.pos, end). */
  measureStruct(end: number, depth: number): number {
    const { buf, at } = this;
    let size = 2;
    let members = 0;
    // With `keys`: the first key's bytes, then (from the second key on) every key as a string.
    let firstKey = -1;
    let firstKeyEnd = -1;
    let seen: Set<string> | undefined;
    while (at.pos < end) {
      tag(buf, at, end);
      const { field, wire } = at;
      if (field !== 1) {
        skip(buf, at, end, wire);
        continue;
      }
      expectWire(field, wire, WIRE_LEN, at);
      const entryEnd = lengthEnd(buf, at, end);
      let keyStart = at.pos;
      let keyEnd = at.pos;
      let key = 2;
      let value = 4;
      let seenKey = false;
      let seenValue = false;
      while (at.pos < entryEnd) {
        tag(buf, at, entryEnd);
        const { field: f, wire: w } = at;
        if (f === 1) {
          expectWire(f, w, WIRE_LEN, at);
          if (seenKey) fail('a map entry has two keys');
          seenKey = true;
          const e = lengthEnd(buf, at, entryEnd);
          const s = at.pos;
          checkUtf8(buf, s, e, this.field);
          key = jsonStringBytes(buf, s, e);
          keyStart = s;
          keyEnd = e;
          at.pos = e;
        } else if (f === 2) {
          expectWire(f, w, WIRE_LEN, at);
          if (seenValue) fail('a map entry has two values');
          seenValue = true;
          const e = lengthEnd(buf, at, entryEnd);
          value = this.measureValue(e, depth);
        } else skip(buf, at, entryEnd, w);
      }
      if (this.keys) {
        // An entry without a key has the key "" (keyStart = keyEnd), as decode reads it.
        if (members === 0) {
          firstKey = keyStart;
          firstKeyEnd = keyEnd;
        } else {
          if (!seen) seen = new Set([buf.toString('utf8', firstKey, firstKeyEnd)]);
          const k = buf.toString('utf8', keyStart, keyEnd);
          if (seen.has(k)) throw new DuplicateKey();
          seen.add(k);
        }
      }
      size += key + 1 + value;
      members++;
    }
    return size + (members > 0 ? members - 1 : 0);
  }

  /** Size of a Value's JSON (null when no kind is set); `depth` is that of the container holding it. */
  measureValue(end: number, depth: number): number {
    const { buf, at } = this;
    let size = 4;
    let kind = 0;
    while (at.pos < end) {
      tag(buf, at, end);
      const { field, wire } = at;
      if (field > 6) {
        skip(buf, at, end, wire);
        continue;
      }
      if (kind !== 0) fail(`a Value sets both field ${kind} and field ${field} of its oneof (byte ${at.pos})`);
      kind = field;
      switch (field) {
        case 1: expectWire(field, wire, WIRE_VARINT, at); varint(buf, at, end); size = 4; break;
        case 2: expectWire(field, wire, WIRE_I64, at); size = numberBytes(this.number(end)); break;
        case 3: {
          expectWire(field, wire, WIRE_LEN, at);
          const e = lengthEnd(buf, at, end);
          const s = at.pos;
          checkUtf8(buf, s, e, this.field);
          size = jsonStringBytes(buf, s, e);
          at.pos = e;
          break;
        }
        case 4: expectWire(field, wire, WIRE_VARINT, at); size = varint(buf, at, end) !== 0 ? 4 : 5; break;
        case 5: { expectWire(field, wire, WIRE_LEN, at); const e = lengthEnd(buf, at, end); size = this.measureStruct(e, this.deeper(depth)); break; }
        case 6: { expectWire(field, wire, WIRE_LEN, at); const e = lengthEnd(buf, at, end); size = this.measureList(e, this.deeper(depth)); break; }
      }
    }
    return size;
  }

  measureList(end: number, depth: number): number {
    const { buf, at } = this;
    let size = 2;
    let items = 0;
    while (at.pos < end) {
      tag(buf, at, end);
      const { field, wire } = at;
      if (field !== 1) {
        skip(buf, at, end, wire);
        continue;
      }
      expectWire(field, wire, WIRE_LEN, at);
      const e = lengthEnd(buf, at, end);
      size += this.measureValue(e, depth);
      items++;
    }
    return size + (items > 0 ? items - 1 : 0);
  }

  buildStruct(end: number): Record<string, unknown> {
    const { buf, at } = this;
    const out: Record<string, unknown> = {};
    while (at.pos < end) {
      tag(buf, at, end);
      const { field, wire } = at;
      if (field !== 1) {
        skip(buf, at, end, wire);
        continue;
      }
      const entryEnd = lengthEnd(buf, at, end);
      let key = '';
      let value: unknown = null;
      while (at.pos < entryEnd) {
        tag(buf, at, entryEnd);
        const { field: f, wire: w } = at;
        if (f === 1) {
          const e = lengthEnd(buf, at, entryEnd);
          key = buf.toString('utf8', at.pos, e);
          at.pos = e;
        } else if (f === 2) {
          value = this.buildValue(lengthEnd(buf, at, entryEnd));
        } else skip(buf, at, entryEnd, w);
      }
      if (Object.hasOwn(out, key)) {
        throw new SvcError('SVC_INVALID_INPUT', duplicateKeyMessage({ key, field: this.field }), { extensions: { field: this.field } });
      }
      // As JSON.parse does: an own property, never the prototype setter.
      if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
    return out;
  }

  buildValue(end: number): unknown {
    const { buf, at } = this;
    let value: unknown = null;
    while (at.pos < end) {
      tag(buf, at, end);
      const { field, wire } = at;
      switch (field) {
        case 1: varint(buf, at, end); value = null; break;
        case 2: value = this.number(end); break;
        case 3: { const e = lengthEnd(buf, at, end); value = buf.toString('utf8', at.pos, e); at.pos = e; break; }
        case 4: value = varint(buf, at, end) !== 0; break;
        case 5: value = this.buildStruct(lengthEnd(buf, at, end)); break;
        case 6: value = this.buildList(lengthEnd(buf, at, end)); break;
        default: skip(buf, at, end, wire);
      }
    }
    return value;
  }

  buildList(end: number): unknown[] {
    const { buf, at } = this;
    const out: unknown[] = [];
    while (at.pos < end) {
      tag(buf, at, end);
      const { field, wire } = at;
      if (field !== 1) {
        skip(buf, at, end, wire);
        continue;
      }
      out.push(this.buildValue(lengthEnd(buf, at, end)));
    }
    return out;
  }
}

/** The top-level fields the first stages of `validateProblem` read (WireJson.headRefusal). */
const HEAD_KEYS = ['tag', 'description'] as const;
/** A tag or description value at least this long is left to the whole decode (no valid one is near it). */
const HEAD_VALUE_BYTES = 64 * 1024;
/** What those stages refuse with (and SVC_INVALID_INPUT naming `tag`); any later stage's refusal needs the whole document. */
const HEAD_CODES: ReadonlySet<string> = new Set(['SVC_MISSING_TAG', 'SVC_MISSING_DESCRIPTION']);

/** A Struct (a JSON object) or a Value (any JSON value) of a request, not yet decoded. */
export class WireJson {
  private size = -1;

  /** `field` names the message field in errors (`problem`, `answer`). */
  constructor(readonly bytes: Buffer, readonly kind: 'struct' | 'value', readonly field: string) {}

  /**
   * UTF-8 bytes of `JSON.stringify` of the value, without building it. SVC_INVALID_INPUT for bytes
   * that are not a well-formed message, strings that are not UTF-8, numbers that are not finite,
   * a Value with two kinds and nesting deeper than LIMITS.maxNestingDepth.
   */
  jsonBytes(): number {
    if (this.size >= 0) return this.size;
    const walk = new Walk(this.bytes, this.field);
    try {
      this.size = this.kind === 'struct' ? walk.measureStruct(this.bytes.length, 1) : walk.measureValue(this.bytes.length, 0);
    } catch (e) {
      if (e instanceof WireError) throw malformed(this.field, this.kind, e.message);
      throw e;
    }
    return this.size;
  }

  /**
   * The refusal `validateProblem(command, this.decode(), ctx)` would give at its first stages, found
   * without building the document: after the nesting depth (which `jsonBytes` checks the same way)
   * they read only the top-level `tag` (SVC_MISSING_TAG, or SVC_INVALID_INPUT naming it) and
   * `description` (SVC_MISSING_DESCRIPTION), so those two values are decoded alone and validated in
   * a document of their own. Undefined when those stages pass, or when this cannot be told without
   * decoding: a key given twice in some Struct (decode refuses that first) or a tag or description
   * value of HEAD_VALUE_BYTES or more. A Struct only; `jsonBytes` first (it throws what decode would).
   */
  headRefusal(command: string, ctx: ValidateContext): SvcError | undefined {
    if (this.kind !== 'struct') return undefined;
    this.jsonBytes();
    const { bytes } = this;
    const head: Record<string, unknown> = {};
    const at: At = { pos: 0, field: 0, wire: 0 };
    // Well-formed (measured above): each top-level entry's key and value, nothing else read.
    while (at.pos < bytes.length) {
      tag(bytes, at, bytes.length);
      if (at.field !== 1) {
        skip(bytes, at, bytes.length, at.wire);
        continue;
      }
      const entryEnd = lengthEnd(bytes, at, bytes.length);
      let name: string | undefined;
      let value: { start: number; end: number } | undefined;
      while (at.pos < entryEnd) {
        tag(bytes, at, entryEnd);
        if (at.field === 1) {
          const e = lengthEnd(bytes, at, entryEnd);
          const s = at.pos;
          name = HEAD_KEYS.find((k) => e - s === k.length && bytes.toString('latin1', s, e) === k);
          at.pos = e;
        } else if (at.field === 2) {
          const e = lengthEnd(bytes, at, entryEnd);
          value = { start: at.pos, end: e };
          at.pos = e;
        } else skip(bytes, at, entryEnd, at.wire);
      }
      if (name === undefined) continue;
      if (value && value.end - value.start >= HEAD_VALUE_BYTES) return undefined;
      const walk = new Walk(bytes, this.field);
      walk.at.pos = value?.start ?? 0;
      try {
        head[name] = value ? walk.buildValue(value.end) : null;
      } catch (e) {
        // A key given twice inside it: decode's own refusal, which may name another key first.
        if (e instanceof SvcError) return undefined;
        throw e;
      }
    }
    // Only now, and only when the head is refused: a walk of the whole document for a key given twice.
    let refusal: SvcError | undefined;
    try {
      validateProblem(command, head, ctx);
    } catch (e) {
      if (e instanceof SvcError && (HEAD_CODES.has(e.code) || (e.code === 'SVC_INVALID_INPUT' && e.extensions.field === 'tag'))) refusal = e;
    }
    if (!refusal) return undefined;
    try {
      new Walk(bytes, this.field, true).measureStruct(bytes.length, 1);
    } catch (e) {
      if (e instanceof DuplicateKey) return undefined;
      throw e;
    }
    return refusal;
  }

  /** The JSON value (checked by `jsonBytes` first). */
  decode(): unknown {
    this.jsonBytes();
    const walk = new Walk(this.bytes, this.field);
    return this.kind === 'struct' ? walk.buildStruct(this.bytes.length) : walk.buildValue(this.bytes.length);
  }
}

function malformed(field: string, kind: 'struct' | 'value', reason: string): SvcError {
  return new SvcError('SVC_INVALID_INPUT', `${field}: not a well-formed google.protobuf.${kind === 'struct' ? 'Struct' : 'Value'} (${reason}).`, { extensions: { field } });
}

/** Wire-format errors of a caller's message, as SVC_INVALID_INPUT naming `what`. */
export function isWireError(e: unknown): e is Error {
  return e instanceof WireError;
}

/** Low-level readers for the request decoder (same rules as the Struct walk). */
export const wire = { varint, lengthEnd, skip, tag, checkUtf8, fail, WIRE_VARINT, WIRE_I64, WIRE_LEN, WIRE_I32 } as const;
