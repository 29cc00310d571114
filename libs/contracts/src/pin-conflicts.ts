/**
 * `want` pins set twice in the JSON text. A parsed JSON object keeps one value per key (the last
 * one), so `{"pins": {"3": 1, "3": 0}}` would silently become `{"3": 0}`; the raw text still says
 * that variable 3 is pinned to both values, which is SVC_CONTRADICTORY_CONSTRAINTS (issue 3,
 * commands.md precedence: reported at the contradictions stage, after schema and sizes). Front
 * doors that see the raw text call `markPinConflicts` on the parsed body; `want`'s contradiction
 * check reads the mark. Zod-free: the `svc` bundle uses it too.
 */

/** Non-enumerable mark on a parsed `pins` object: the keys the text gave two different values. */
export const PIN_CONFLICTS: unique symbol = Symbol.for('svc.pinConflicts') as never;

/**
 * The keys of the top-level `pins` object that appear more than once in `text` with different
 * values, in order of first appearance. `text` must be valid JSON (callers parse it first); only
 * the `pins` member that JSON.parse keeps (the last one) counts.
 */
export function pinConflictsIn(text: string): string[] {
  const pins = memberOf(text, 0, 'pins');
  return pins !== null && text.charCodeAt(pins) === 0x7b /* { */ ? conflictsOfObject(text, pins) : [];
}

/**
 * The JSON text of the top-level member `name` of the object in `text` (the last one when it is
 * written twice, as JSON.parse keeps), or null. For problems wrapped in a document, e.g. a
 * `svc batch` line `{"command": ..., "problem": {...}}`.
 */
export function memberText(text: string, name: string): string | null {
  const start = memberOf(text, 0, name);
  return start === null ? null : text.slice(start, endOfValue(text, start));
}

/** Where the value of the last member `name` of the object starting at `from` begins, or null. */
function memberOf(text: string, from: number, name: string): number | null {
  let found: number | null = null;
  forEachMember(text, from, (key, start) => {
    if (key === name) found = start;
  });
  return found;
}

/**
 * Marks `body.pins` (non-enumerable PIN_CONFLICTS, so receipts and JSON never see it) when `text`,
 * the JSON text `body` was parsed from, gives one pin key two different values.
 */
export function markPinConflicts(body: unknown, text: string): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const pins = (body as Record<string, unknown>).pins;
  if (typeof pins !== 'object' || pins === null || Array.isArray(pins)) return;
  const conflicts = pinConflictsIn(text);
  if (conflicts.length > 0) Object.defineProperty(pins, PIN_CONFLICTS, { value: conflicts, enumerable: false });
}

/** The mark left by `markPinConflicts`, or an empty list. */
export function pinConflictsOf(pins: unknown): readonly string[] {
  if (typeof pins !== 'object' || pins === null) return [];
  const c = (pins as { [PIN_CONFLICTS]?: unknown })[PIN_CONFLICTS];
  return Array.isArray(c) ? (c as string[]) : [];
}

function conflictsOfObject(text: string, start: number): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  forEachMember(text, start, (key, from, end) => {
    // Values compared as JSON values (1, 1.0 and 1e0 are the same pin).
    const value = JSON.stringify(JSON.parse(text.slice(from, end)));
    const prior = seen.get(key);
    if (prior === undefined) seen.set(key, value);
    else if (prior !== value && !out.includes(key)) out.push(key);
  });
  return out;
}

/** Calls `visit(key, valueStart, valueEnd)` for each member, in text order, of the object at `from` (if it is one). */
function forEachMember(text: string, from: number, visit: (key: string, start: number, end: number) => void): void {
  let i = skipWs(text, from);
  if (text.charCodeAt(i) !== 0x7b /* { */) return;
  i = skipWs(text, i + 1);
  while (i < text.length && text.charCodeAt(i) !== 0x7d /* } */) {
    const keyEnd = endOfString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWs(text, skipWs(text, keyEnd) + 1);
    const end = endOfValue(text, i);
    visit(key, i, end);
    i = skipWs(text, end);
    if (text.charCodeAt(i) === 0x2c /* , */) i = skipWs(text, i + 1);
  }
}

function skipWs(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

/** Index just past the string literal that starts at i (a double quote). */
function endOfString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c /* \ */) j++;
    else if (c === 0x22 /* " */) return j + 1;
  }
  return text.length;
}

/** Index just past the JSON value that starts at i. */
function endOfValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22) return endOfString(text, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === 0x22) j = endOfString(text, j) - 1;
      else if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (d === 0x2c || d === 0x7d || d === 0x5d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) break;
    j++;
  }
  return j;
}

/** A key written twice in one object of a JSON text, and where (`field`: the object's path, `(root)` at the top). */
export interface DuplicateKey {
  readonly key: string;
  readonly field: string;
}

/** The one sentence every door and the CLI give for a key written twice (the 422's detail). */
export function duplicateKeyMessage(d: DuplicateKey): string {
  const shown = d.key.length > 80 ? `${d.key.slice(0, 80)}…` : d.key;
  return `${d.field}: the key "${shown}" is given twice in one object; JSON keeps only one of them, so say which you mean.`;
}

/**
 * The first key the JSON text gives twice in one object, or null. JSON.parse keeps the last value
 * and drops the other silently (`{"n": 2, "n": 3}` would be solved as n = 3), so every door refuses
 * such a body (422 naming the key), as the gRPC door's Struct reader does. The members of a `pins`
 * object are left to `pinConflictsIn` (a pin given two values is a contradiction, reported later).
 * `text` must be valid JSON (callers parse it first). Keys are compared after unescaping.
 */
export function firstDuplicateKey(text: string): DuplicateKey | null {
  interface Frame { readonly object: boolean; readonly keys: Set<string> | null; readonly field: string; expectKey: boolean; lastKey: string; index: number }
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      let escaped = false;
      for (i++; text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c) {
          escaped = true;
          i++;
        }
      }
      const top = stack[stack.length - 1];
      if (top !== undefined && top.object && top.expectKey) {
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        if (top.keys !== null) {
          if (top.keys.has(key)) return { key, field: top.field || '(root)' };
          top.keys.add(key);
        }
        top.lastKey = key;
        top.expectKey = false;
      }
    } else if (c === 0x7b || c === 0x5b) {
      const top = stack[stack.length - 1];
      const field = top === undefined ? '' : top.object ? (top.field ? `${top.field}.${top.lastKey}` : top.lastKey) : `${top.field}[${top.index}]`;
      const isObject = c === 0x7b;
      const pins = top !== undefined && top.object && top.lastKey === 'pins';
      stack.push({ object: isObject, keys: isObject && !pins ? new Set() : null, field, expectKey: isObject, lastKey: '', index: 0 });
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top.object) top.expectKey = true;
      else top.index++;
    }
  }
  return null;
}
