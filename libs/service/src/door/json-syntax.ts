/**
 * A JSON syntax check that builds nothing, run before `JSON.parse` on large bodies.
 *
 * `JSON.parse` of a body with a syntax error near its end builds every value before the error
 * first: a 7.8 MiB list of a million `[0,1,1]` triples grew the parsing thread's heap by about
 * 85 MB per body, and a few such bodies took it past 700 MB before it collected. The scan below
 * walks the text once (RFC 8259's grammar, which `JSON.parse` implements) with a stack of the open
 * containers' kinds and no other allocation, and finds the position of the first fault.
 *
 * The refusal must say what `JSON.parse` says, so the caller reads the same document whatever the
 * size of the body. `JSON.parse` is therefore run, on a stand-in text of the same length whose
 * fault is at the same position with the same text around it: everything before a token boundary
 * at least `CONTEXT` characters before the fault is replaced by the shortest prefix that leaves the
 * parser in the same state (the same open containers, the same expectation), then spaces, line
 * breaks kept where they were. Parsing it builds at most one value per open container.
 */

/** Bodies at least this long (UTF-16 code units) are scanned first; below it `JSON.parse` is cheap. */
export const SYNTAX_SCAN_MIN_CHARS = 1 << 20;
/** Characters kept as they are before the fault (V8 quotes 10 of them around it). */
const CONTEXT = 256;
/** The scan gives up (and leaves the text to `JSON.parse`) past this depth; the depth check refuses far sooner. */
const MAX_STACK = 1024;

const ARRAY = 0;
const OBJECT = 1;

/** What the parser expects next. */
const enum Expect {
  /** A value (the top level, after ',' in an array, after ':' in an object). */
  Value,
  /** A value or ']' (right after '['). */
  ValueOrClose,
  /** A key or '}' (right after '{'). */
  KeyOrClose,
  /** A key (after ',' in an object). */
  Key,
  /** ':' after a key. */
  Colon,
  /** ',' or the container's close (or the end, at the top level). */
  After,
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** The end of the string token opening at `i` (the index after its closing quote), or −1 − the fault's index. */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  let k = i + 1;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c === 0x22) return k + 1;
    if (c < 0x20) return -1 - k;
    if (c === 0x5c) {
      const e = text.charCodeAt(k + 1);
      if (e === 0x75) {
        for (let h = 2; h <= 5; h++) if (!isHex(text.charCodeAt(k + h))) return -1 - Math.min(k + h, n);
        k += 6;
      } else if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) k += 2;
      else return -1 - Math.min(k + 1, n);
    } else k++;
  }
  return -1 - n;
}

/** The end of the number token starting at `i`, or −1 − the fault's index. */
function numberEnd(text: string, i: number): number {
  let k = i;
  if (text.charCodeAt(k) === 0x2d) k++;
  const c = text.charCodeAt(k);
  if (c === 0x30) k++;
  else if (c >= 0x31 && c <= 0x39) while (isDigit(text.charCodeAt(k))) k++;
  else return -1 - k;
  if (text.charCodeAt(k) === 0x2e) {
    k++;
    if (!isDigit(text.charCodeAt(k))) return -1 - k;
    while (isDigit(text.charCodeAt(k))) k++;
  }
  const e = text.charCodeAt(k);
  if (e === 0x65 || e === 0x45) {
    k++;
    const s = text.charCodeAt(k);
    if (s === 0x2b || s === 0x2d) k++;
    if (!isDigit(text.charCodeAt(k))) return -1 - k;
    while (isDigit(text.charCodeAt(k))) k++;
  }
  return k;
}

function literalEnd(text: string, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) if (text.charCodeAt(i + k) !== word.charCodeAt(k)) return -1 - (i + k);
  return i + word.length;
}

/** The scanner's state at a token boundary: enough to write a prefix that leaves a parser there. */
interface Mark {
  pos: number;
  depth: number;
  expect: Expect;
}

/** `scan` stopped at `cutBefore` (with a mark). */
const STOPPED = -3;

/**
 * Scans `text`. Returns −1 when it is one JSON value, else the index of its first fault, or −2
 * when it nests past the scan's stack. With `mark`, it stops (STOPPED) at the first token
 * boundary past `cutBefore`, `mark` then being the state at the last one at or before it (the
 * kinds of its open containers are `kinds[0..mark.depth)`).
 */
function scan(text: string, kinds: Uint8Array, mark?: Mark, cutBefore = -1): number {
  const n = text.length;
  let depth = 0;
  let expect = Expect.Value;
  let i = 0;
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (mark) {
      // Stopped at the first boundary past the cut, before a push could overwrite a kind below it.
      if (i > cutBefore) return STOPPED;
      mark.pos = i;
      mark.depth = depth;
      mark.expect = expect;
    }
    if (i >= n) return expect === Expect.After && depth === 0 ? -1 : n;
    const c = text.charCodeAt(i);
    switch (expect) {
      case Expect.After: {
        if (depth === 0) return i;
        const kind = kinds[depth - 1];
        if (c === 0x2c) {
          expect = kind === ARRAY ? Expect.Value : Expect.Key;
          i++;
        } else if ((c === 0x5d && kind === ARRAY) || (c === 0x7d && kind === OBJECT)) {
          depth--;
          i++;
        } else return i;
        continue;
      }
      case Expect.Colon:
        if (c !== 0x3a) return i;
        expect = Expect.Value;
        i++;
        continue;
      case Expect.Key:
      case Expect.KeyOrClose:
        if (c === 0x7d && expect === Expect.KeyOrClose) {
          depth--;
          expect = Expect.After;
          i++;
          continue;
        }
        if (c !== 0x22) return i;
        i = stringEnd(text, i);
        if (i < 0) return -1 - i;
        expect = Expect.Colon;
        continue;
      default: {
        // A value (or, right after '[', the close).
        if (c === 0x5d && expect === Expect.ValueOrClose) {
          depth--;
          expect = Expect.After;
          i++;
          continue;
        }
        if (c === 0x5b || c === 0x7b) {
          if (depth >= kinds.length) return -2;
          kinds[depth++] = c === 0x5b ? ARRAY : OBJECT;
          expect = c === 0x5b ? Expect.ValueOrClose : Expect.KeyOrClose;
          i++;
          continue;
        }
        if (c === 0x22) i = stringEnd(text, i);
        else if (c === 0x2d || isDigit(c)) i = numberEnd(text, i);
        else if (c === 0x74) i = literalEnd(text, i, 'true');
        else if (c === 0x66) i = literalEnd(text, i, 'false');
        else if (c === 0x6e) i = literalEnd(text, i, 'null');
        else return i;
        if (i < 0) return -1 - i;
        expect = Expect.After;
      }
    }
  }
}

/** The tokens of the shortest text that leaves a parser with these containers open, expecting `expect`. */
function prefixTokens(kinds: Uint8Array, depth: number, expect: Expect): string[] {
  const t: string[] = [];
  for (let d = 0; d < depth - 1; d++) t.push(...(kinds[d] === ARRAY ? ['['] : ['{', '""', ':']));
  if (depth === 0) return expect === Expect.After ? ['0'] : [];
  if (kinds[depth - 1] === ARRAY) {
    if (expect === Expect.ValueOrClose) return [...t, '['];
    return [...t, ...(expect === Expect.After ? ['[', '0'] : ['[', '0', ','])];
  }
  switch (expect) {
    case Expect.KeyOrClose: return [...t, '{'];
    case Expect.Key: return [...t, '{', '""', ':', '0', ','];
    case Expect.Colon: return [...t, '{', '""'];
    case Expect.Value: return [...t, '{', '""', ':'];
    default: return [...t, '{', '""', ':', '0'];
  }
}

/**
 * The stand-in for a text whose first fault is at `fault`: the same length, the same characters
 * from a token boundary at least CONTEXT before the fault, line breaks where they were, and between
 * them a prefix leaving the parser in the same state. Null when there is no room for it (a short
 * text, or a fault too close to the start).
 */
export function standInText(text: string, fault: number): string | null {
  const kinds = new Uint8Array(MAX_STACK);
  const mark: Mark = { pos: 0, depth: 0, expect: Expect.Value };
  if (scan(text, kinds, mark, fault - CONTEXT) !== STOPPED) return null;
  const cut = mark.pos;
  const head = Buffer.alloc(cut, 0x20);
  for (let k = 0; k < cut; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a || c === 0x0d) head[k] = c;
  }
  // The prefix's tokens written in order where they fit between the line breaks kept.
  let at = 0;
  for (const token of prefixTokens(kinds, mark.depth, mark.expect)) {
    while (at + token.length <= cut && head.subarray(at, at + token.length).some((c) => c !== 0x20)) at++;
    if (at + token.length > cut) return null;
    head.write(token, at, 'latin1');
    at += token.length;
  }
  return head.toString('latin1') + text.slice(cut);
}

/**
 * The first fault's index in `text`, −1 when it is one JSON value, or −2 when it nests deeper than
 * the scan follows (left to `JSON.parse`).
 */
export function firstSyntaxFault(text: string): number {
  return scan(text, new Uint8Array(MAX_STACK));
}

/**
 * `JSON.parse(text)`, except that a text of at least `minChars` with a syntax fault is refused with
 * `JSON.parse`'s own SyntaxError (thrown by parsing the stand-in text) without building what comes
 * before the fault. A text the scan found valid is parsed by `parseValid` (packed-json.ts
 * `parsePackedJson` on the threads that check large bodies).
 */
export function parseJsonText(text: string, minChars = SYNTAX_SCAN_MIN_CHARS, parseValid: (text: string) => unknown = JSON.parse): unknown {
  if (text.length < minChars) return JSON.parse(text);
  const fault = firstSyntaxFault(text);
  if (fault === -1) return parseValid(text);
  if (fault < 0) return JSON.parse(text);
  const stand = standInText(text, fault);
  // Throws the SyntaxError JSON.parse throws for `text`; if it did not (never, unless the scan and
  // JSON.parse disagree), the text itself is parsed below.
  if (stand !== null) JSON.parse(stand);
  return JSON.parse(text);
}
