/** A path into the problem document: object keys and array positions. */
export type Path = readonly (string | number)[];

/**
 * The first schema problem found by a hand-written check; turned into `SVC_INVALID_INPUT` with
 * the detail `<path>: <message>`, or `<message>` alone when `namesField` (the message already
 * starts with the field, e.g. `edges[3][1] = 5 is out of range ...`).
 */
export class InputIssue extends Error {
  constructor(readonly path: Path, message: string, readonly namesField = false) {
    super(message);
    this.name = 'InputIssue';
  }
}

export function fail(path: Path, message: string): never {
  throw new InputIssue(path, message);
}

/** A required field is absent: `"constraints" is required: an array of rules {type, nodes, k?}`. */
export function failMissing(path: Path, expected: string): never {
  throw new InputIssue(path, `"${formatPath(path)}" is required: ${expected}`, true);
}

const PLAIN_KEY = /^(?:[A-Za-z_][A-Za-z0-9_]*|0|[1-9][0-9]*)$/;

/** `quadratic[3][1]`, `linear.12`, `constraints[0].nodes[1]`; odd keys as `["a b"]`. */
export function formatPath(path: Path): string {
  let s = '';
  for (const seg of path) {
    if (typeof seg === 'number') s += `[${seg}]`;
    else if (PLAIN_KEY.test(seg)) s += s === '' ? seg : `.${seg}`;
    else s += `[${JSON.stringify(seg)}]`;
  }
  return s === '' ? '(root)' : s;
}

/** A short rendering of a value for error details. */
export function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (v === undefined) return 'nothing';
  return `${typeof v} ${show(v)}`;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
