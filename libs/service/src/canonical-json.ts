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
  constructor(private readonly flush: (chunk: string) => void) {}
  push(s: string): void {
    this.buf += s;
    if (this.buf.length >= 65536) {
      this.flush(this.buf);
      this.buf = '';
    }
  }
  end(): void {
    if (this.buf.length > 0) this.flush(this.buf);
    this.buf = '';
  }
}

function numberText(x: number): string {
  if (!Number.isFinite(x)) throw new TypeError(`canonical JSON cannot encode ${x}`);
  // ECMAScript Number-to-string is the shortest round-trip form; -0 prints as 0.
  return String(x);
}

/** Typed arrays and plain arrays of numbers (the hot case: pairs, matrices, answers) in one loop. */
function writeNumbers(items: ArrayLike<number>, out: ChunkSink): void {
  let line = '[';
  for (let k = 0; k < items.length; k++) {
    if (k > 0) line += ',';
    line += numberText(items[k]);
    if (line.length >= 65536) {
      out.push(line);
      line = '';
    }
  }
  out.push(line + ']');
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
  const sink = new ChunkSink((c) => parts.push(c));
  write(value, sink);
  sink.end();
  return parts.join('');
}

/** Streams the canonical JSON of `value` into `update` (e.g. a hash) without building the whole string. */
export function writeCanonicalJson(value: unknown, update: (chunk: string) => void): void {
  const sink = new ChunkSink(update);
  write(value, sink);
  sink.end();
}
