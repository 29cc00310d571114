/**
 * A JSON document straight to the wire bytes of a google.protobuf.Struct: the same bytes as
 * `Struct.encode(Struct.fromObject(toStruct(doc)))` (struct.ts) without building the
 * `{fields: {k: {kind, …}}}` tree first and converting it again. Two walks of the document: the
 * first measures every length-delimited part (a number each, in the order the second meets them),
 * the second writes into one buffer of the total size. protobufjs's Writer, used before, made an
 * object for every field written and two for every nested message: per reply, garbage the main
 * thread collected (the gRPC door's garbage collection per call was three times HTTP's).
 */

// Tags: (field number << 3) | wire type.
const STRUCT_FIELDS = 10; // Struct.fields = 1 (map entry, length-delimited)
const ENTRY_KEY = 10; // map entry key = 1 (string)
const ENTRY_VALUE = 18; // map entry value = 2 (Value)
const NULL_VALUE = 8; // Value.null_value = 1 (enum, varint)
const NUMBER_VALUE = 17; // Value.number_value = 2 (double, 64-bit)
const STRING_VALUE = 26; // Value.string_value = 3
const BOOL_VALUE = 32; // Value.bool_value = 4 (varint)
const STRUCT_VALUE = 42; // Value.struct_value = 5
const LIST_VALUE = 50; // Value.list_value = 6
const LIST_VALUES = 10; // ListValue.values = 1

/** Bytes of the varint of `n` (0 ≤ n < 2^32). */
function varintBytes(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
}

/** UTF-8 bytes of `s`: counted here when it is ASCII (most keys and values), else by Node. */
function utf8Bytes(s: string): number {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return Buffer.byteLength(s, 'utf8');
  return s.length;
}

/** A length-delimited part of `n` bytes with its one-byte tag and its length. */
const delimited = (n: number) => 1 + varintBytes(n) + n;

/**
 * One encoding: `sizes` holds the byte length of every length-delimited part, pushed by the
 * measure in the order the write needs them (a part's own before those inside it).
 */
class Encoding {
  readonly sizes: number[] = [];
  private next = 0;
  private pos = 0;
  private buf: Buffer = Buffer.alloc(0);

  /** Bytes of a Value's fields holding `x` (as `toValue`: undefined and what JSON has no kind for are null). */
  private measureValue(x: unknown): number {
    switch (typeof x) {
      case 'number': return 9;
      case 'string': return delimited(utf8Bytes(x));
      case 'boolean': return 2;
      case 'object':
        if (x === null) break;
        return delimited(Array.isArray(x) ? this.measureList(x) : this.measureFields(x as Record<string, unknown>));
      default:
    }
    return 2;
  }

  private measureList(list: readonly unknown[]): number {
    const at = this.sizes.push(0) - 1;
    let n = 0;
    for (const v of list) {
      const item = this.sizes.push(0) - 1;
      const size = this.measureValue(v);
      this.sizes[item] = size;
      n += delimited(size);
    }
    this.sizes[at] = n;
    return n;
  }

  /** Bytes of the map entries of a Struct holding `o`; undefined members are left out (as `toStruct`). */
  measureFields(o: Record<string, unknown>): number {
    const at = this.sizes.push(0) - 1;
    let n = 0;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (v === undefined) continue;
      const entry = this.sizes.push(0) - 1;
      const value = this.sizes.push(0) - 1;
      const valueSize = this.measureValue(v);
      this.sizes[value] = valueSize;
      const entrySize = delimited(utf8Bytes(k)) + delimited(valueSize);
      this.sizes[entry] = entrySize;
      n += delimited(entrySize);
    }
    this.sizes[at] = n;
    return n;
  }

  private varint(n: number): void {
    while (n >= 0x80) {
      this.buf[this.pos++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.buf[this.pos++] = n;
  }

  private string(tag: number, s: string): void {
    const { buf } = this;
    buf[this.pos++] = tag;
    // Measured again rather than kept (the measure keeps only the parts that hold others).
    const n = utf8Bytes(s);
    this.varint(n);
    if (n === s.length) {
      // ASCII: its bytes are its char codes (a native write per short string costs more).
      for (let i = 0; i < n; i++) buf[this.pos++] = s.charCodeAt(i);
    } else this.pos += buf.write(s, this.pos, 'utf8');
  }

  /** The next measured length, written after `tag`. */
  private open(tag: number): void {
    this.buf[this.pos++] = tag;
    this.varint(this.sizes[this.next++]);
  }

  private writeValue(x: unknown): void {
    switch (typeof x) {
      case 'number':
        this.buf[this.pos++] = NUMBER_VALUE;
        this.pos = this.buf.writeDoubleLE(x, this.pos);
        return;
      case 'string': this.string(STRING_VALUE, x); return;
      case 'boolean':
        this.buf[this.pos++] = BOOL_VALUE;
        this.buf[this.pos++] = x ? 1 : 0;
        return;
      case 'object':
        if (x === null) break;
        if (Array.isArray(x)) {
          this.open(LIST_VALUE);
          for (const v of x) {
            this.open(LIST_VALUES);
            this.writeValue(v);
          }
          return;
        }
        this.open(STRUCT_VALUE);
        this.writeFields(x as Record<string, unknown>, false);
        return;
      default:
    }
    this.buf[this.pos++] = NULL_VALUE;
    this.buf[this.pos++] = 0;
  }

  /** The map entries of `o`; `outer`: the top level, whose own length is not written (the caller frames it). */
  private writeFields(o: Record<string, unknown>, outer: boolean): void {
    if (outer) this.next++;
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (v === undefined) continue;
      this.open(STRUCT_FIELDS);
      this.string(ENTRY_KEY, k);
      this.open(ENTRY_VALUE);
      this.writeValue(v);
    }
  }

  /** The Struct of `o`, inside field `field` of a message when `field` > 0. */
  encode(o: Record<string, unknown>, field: number): Buffer {
    const n = this.measureFields(o);
    const total = field > 0 ? 1 + varintBytes(n) + n : n;
    this.buf = Buffer.allocUnsafe(total);
    if (field > 0) {
      this.buf[this.pos++] = (field << 3) | 2;
      this.varint(n);
    }
    this.writeFields(o, true);
    if (this.pos !== total) throw new Error(`encode-struct: wrote ${this.pos} bytes of ${total}`);
    return this.buf;
  }
}

/** The Struct of `doc`, as bytes. */
export function encodeStruct(doc: Record<string, unknown>): Uint8Array {
  return new Encoding().encode(doc, 0);
}

/**
 * A message whose one field `field` is the Struct of `doc` (SolveReply's `result` or `queued`; the
 * Struct itself for field 0): the bytes grpc-js sends as they are.
 */
export function encodeStructMessage(doc: Record<string, unknown>, field = 0): Buffer {
  return new Encoding().encode(doc, field);
}
