import { isUtf8 } from 'node:buffer';
import { SvcError } from '@svc/errors';
import { LIMITS, duplicateKeyMessage, firstDuplicateKey, jsonTextDepth, markPinConflicts, type DuplicateKey } from '@svc/contracts';
import { parseJsonText } from './json-syntax';
import { parsePackedJson } from './packed-json';

/**
 * JSON on the wire is UTF-8 (RFC 8259 §8.1). RFC 8259 defines no charset parameter, but a client
 * that names another one has likely encoded in it, and the same bytes would silently mean other
 * text: such a Content-Type is 422 SVC_INVALID_INPUT. No charset, `utf-8`, `utf8` and `us-ascii`
 * (a subset; any case, quoted or not) are accepted.
 */
export function assertUtf8ContentType(contentType: string | undefined): void {
  if (contentType === undefined) return;
  const m = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType);
  if (m === null) return;
  const cs = m[2].toLowerCase();
  if (cs === 'utf-8' || cs === 'utf8' || cs === 'us-ascii') return;
  throw new SvcError('SVC_INVALID_INPUT', `JSON bodies are UTF-8 (RFC 8259); Content-Type names charset '${m[2].slice(0, 40)}'. Send the body as UTF-8 and say 'application/json' or 'application/json; charset=utf-8'.`);
}

/** Byte offset of the first byte that is not well-formed UTF-8 (overlongs, surrogates and > U+10FFFF included), or −1. */
export function firstInvalidUtf8(buf: Uint8Array): number {
  if (isUtf8(buf)) return -1;
  let i = 0;
  while (i < buf.length) {
    const b = buf[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || c < (k === 1 ? lo : 0x80) || c > (k === 1 ? hi : 0xbf)) return i;
    }
    i += need + 1;
  }
  return -1;
}

/**
 * Parses a JSON body; a charset other than UTF-8, bytes that are not UTF-8 and syntax errors are
 * 422 SVC_INVALID_INPUT naming the position. With `packed`, a large valid body's long lists of
 * number triples are held packed (packed-json.ts): only for a thread that checks and plans the
 * body and drops it there.
 */
export function parseJson(buf: Buffer, contentType?: string, opts: { readonly packed?: boolean } = {}): unknown {
  assertUtf8ContentType(contentType);
  const bad = firstInvalidUtf8(buf);
  if (bad >= 0) {
    throw new SvcError('SVC_INVALID_INPUT', `The body is not valid UTF-8 at byte ${bad} (0x${buf[bad].toString(16).padStart(2, '0')}); JSON bodies are UTF-8 (RFC 8259). Re-encode the text (for example from Latin-1) as UTF-8.`);
  }
  let text = buf.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new SvcError('SVC_INVALID_INPUT', 'The request body is empty; send one JSON problem document.');
  // Refused before parsing: nothing downstream has to survive a body nested thousands deep.
  if (jsonTextDepth(text) > LIMITS.maxNestingDepth) {
    throw new SvcError('SVC_INVALID_INPUT', `The body is nested more than ${LIMITS.maxNestingDepth} levels deep; no problem needs that many.`);
  }
  let body: unknown;
  try {
    // A large text is scanned first: a syntax fault is refused with JSON.parse's own message
    // without building the values before it (json-syntax.ts).
    body = opts.packed ? parseJsonText(text, undefined, parsePackedJson) : parseJsonText(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : 'syntax error';
    throw new SvcError('SVC_INVALID_INPUT', `The body is not valid JSON: ${msg.slice(0, 200)}`, { cause: e });
  }
  // JSON.parse keeps the last of a key written twice and drops the other: refused, naming the key.
  const twice = firstDuplicateKey(text);
  if (twice !== null) throw duplicateKeyError(twice);
  // A pin written twice in the text is lost by JSON.parse: mark it for want's contradiction check.
  markPinConflicts(body, text);
  return body;
}

/** 422 for a key given twice in one object (the gRPC door's Struct reader and the CLI say the same). */
function duplicateKeyError(d: DuplicateKey): SvcError {
  return new SvcError('SVC_INVALID_INPUT', duplicateKeyMessage(d), { extensions: { field: d.field } });
}
