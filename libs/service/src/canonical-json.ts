const INDEX_KEY = /^(0|[1-9][0-9]*)$/;

// Index-like keys sort numerically (by length, then digits: exact for any size) before other keys.
function compareKeys(a: string, b: string): number {
  const ai = INDEX_KEY.test(a);
  const bi = INDEX_KEY.test(b);
  if (ai && bi) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  if (ai !== bi) return ai ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function write(value: unknown, out: string[]): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonical JSON cannot encode ${value}`);
      // ECMAScript Number-to-string is the shortest round-trip form; -0 prints as 0.
      out.push(JSON.stringify(value));
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
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const items = Array.isArray(value) ? value : Array.from(value as unknown as ArrayLike<number>);
    out.push('[');
    items.forEach((item, k) => {
      if (k > 0) out.push(',');
      write(item === undefined ? null : item, out);
    });
    out.push(']');
    return;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort(compareKeys);
  out.push('{');
  keys.forEach((k, idx) => {
    if (idx > 0) out.push(',');
    out.push(JSON.stringify(k), ':');
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
  const out: string[] = [];
  write(value, out);
  return out.join('');
}
