import { createHash, type Hash } from 'node:crypto';

const T_NULL = 0, T_FALSE = 1, T_TRUE = 2, T_NUM = 3, T_STR = 4, T_ARR = 5, T_OBJ = 6, T_TYPED = 7, T_BIG = 8;

/**
 * SHA-256 of a JSON-like value by structure (type tags, lengths, float64 numbers, UTF-8 strings,
 * object keys sorted), streamed through a scratch buffer: equal values hash equal, and a
 * million-term problem hashes in milliseconds without building its JSON text.
 */
export function structuralHash(value: unknown): string {
  const h = createHash('sha256');
  const w = new Writer(h);
  w.value(value);
  w.flush();
  return h.digest('hex');
}

class Writer {
  private readonly buf = Buffer.allocUnsafe(1 << 16);
  private pos = 0;

  constructor(private readonly h: Hash) {}

  flush(): void {
    if (this.pos > 0) this.h.update(this.buf.subarray(0, this.pos));
    this.pos = 0;
  }

  private room(n: number): void {
    if (this.pos + n > this.buf.length) this.flush();
  }

  private tag(t: number, len?: number): void {
    this.room(5);
    this.buf[this.pos++] = t;
    if (len !== undefined) {
      this.buf.writeUInt32LE(len >>> 0, this.pos);
      this.pos += 4;
    }
  }

  private num(x: number): void {
    this.room(9);
    this.buf[this.pos++] = T_NUM;
    // -0 and 0 are one JSON number.
    this.buf.writeDoubleLE(x === 0 ? 0 : x, this.pos);
    this.pos += 8;
  }

  private str(s: string): void {
    const bytes = Buffer.byteLength(s, 'utf8');
    this.tag(T_STR, bytes);
    if (bytes > this.buf.length - this.pos) {
      this.flush();
      this.h.update(s, 'utf8');
      return;
    }
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  value(v: unknown): void {
    if (v === null || v === undefined) return this.tag(T_NULL);
    switch (typeof v) {
      case 'boolean':
        return this.tag(v ? T_TRUE : T_FALSE);
      case 'number':
        return this.num(v);
      case 'string':
        return this.str(v);
      case 'bigint':
        this.tag(T_BIG);
        return this.str(v.toString());
      case 'object':
        break;
      default:
        throw new TypeError(`cannot hash a ${typeof v}`);
    }
    if (ArrayBuffer.isView(v)) {
      const arr = v as unknown as ArrayLike<number>;
      this.tag(T_TYPED, arr.length);
      for (let i = 0; i < arr.length; i++) this.num(arr[i]);
      return;
    }
    if (Array.isArray(v)) {
      this.tag(T_ARR, v.length);
      for (const item of v) this.value(item);
      return;
    }
    const obj = v as Record<string, unknown>;
    const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
    this.tag(T_OBJ, keys.length);
    for (const k of keys) {
      this.str(k);
      this.value(obj[k]);
    }
  }
}
