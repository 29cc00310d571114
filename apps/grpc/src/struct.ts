/**
 * google.protobuf.Struct / Value as proto-loader hands them over (`{fields: {k: {kind, …}}}`),
 * to and from plain JSON. Numbers are doubles on both sides, as in JSON.
 */
export interface PbValue {
  kind?: 'nullValue' | 'numberValue' | 'stringValue' | 'boolValue' | 'structValue' | 'listValue';
  nullValue?: number | string;
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  structValue?: PbStruct;
  listValue?: { values?: PbValue[] };
}
export interface PbStruct {
  fields?: Record<string, PbValue>;
}

export function toValue(x: unknown): PbValue {
  if (x === null || x === undefined) return { kind: 'nullValue', nullValue: 0 };
  if (typeof x === 'number') return { kind: 'numberValue', numberValue: x };
  if (typeof x === 'string') return { kind: 'stringValue', stringValue: x };
  if (typeof x === 'boolean') return { kind: 'boolValue', boolValue: x };
  if (Array.isArray(x)) return { kind: 'listValue', listValue: { values: x.map(toValue) } };
  if (typeof x === 'object') return { kind: 'structValue', structValue: toStruct(x as Record<string, unknown>) };
  return { kind: 'nullValue', nullValue: 0 };
}

export function toStruct(o: Record<string, unknown>): PbStruct {
  const fields: Record<string, PbValue> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (k === '__proto__') Object.defineProperty(fields, k, { value: toValue(v), enumerable: true, writable: true, configurable: true });
    else fields[k] = toValue(v);
  }
  return { fields };
}

export function fromValue(v: PbValue | null | undefined): unknown {
  if (!v) return null;
  switch (v.kind) {
    case 'numberValue': return v.numberValue ?? 0;
    case 'stringValue': return v.stringValue ?? '';
    case 'boolValue': return v.boolValue ?? false;
    case 'structValue': return fromStruct(v.structValue);
    case 'listValue': return (v.listValue?.values ?? []).map(fromValue);
    default: return null;
  }
}

/** The JSON object of a Struct, built as JSON.parse builds one (a `__proto__` key is an own property, never the prototype). */
export function fromStruct(s: PbStruct | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s?.fields ?? {})) {
    if (k === '__proto__') Object.defineProperty(out, k, { value: fromValue(v), enumerable: true, writable: true, configurable: true });
    else out[k] = fromValue(v);
  }
  return out;
}
