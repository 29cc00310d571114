import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode as McpErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The free plan's body cap (100 MiB) plus the JSON-RPC wrapping: a longer line could not be sent
 * on to the service anyway, and holding it would only grow this process.
 */
export const MAX_LINE_BYTES = 100 * 1024 * 1024 + 64 * 1024;

type Id = string | number;
const isId = (x: unknown): x is Id => typeof x === 'string' || (typeof x === 'number' && Number.isInteger(x));
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A JSON-RPC error response; `id` null when the message's id could not be read (JSON-RPC 2.0 §5). */
function errorResponse(id: Id | null, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage;
}

/**
 * MCP over newline-delimited JSON on a pair of streams (stdin/stdout for `svc mcp`). Unlike the
 * SDK's stdio transport, a bad line never ends the session: a line that is not JSON answers
 * -32700, one that is not a JSON-RPC message (`null`, a number, a malformed request) -32600, and a
 * line over `maxLineBytes` is skipped up to its newline and answered -32600; then the next line is
 * read. A batch (a JSON array, MCP 2025-03-26) is answered by one array of the responses to its
 * requests. The end of the input does not close it (`serveStdio` answers the calls in flight first).
 */
export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private parts: Buffer[] = [];
  private partBytes = 0;
  /** Skipping the rest of a line over the cap. */
  private skipping = false;
  private closed = false;
  /** Requests of a batch still unanswered → that batch. */
  private readonly batchOf = new Map<Id, { waiting: Set<Id>; responses: JSONRPCMessage[] }>();

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly maxLineBytes = MAX_LINE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer | string): void => {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (;;) {
      const nl = buf.indexOf(0x0a);
      const piece = nl < 0 ? buf : buf.subarray(0, nl);
      if (!this.skipping) {
        if (this.partBytes + piece.length > this.maxLineBytes) {
          this.parts = [];
          this.partBytes = 0;
          this.skipping = true;
        } else if (piece.length > 0) {
          this.parts.push(piece);
          this.partBytes += piece.length;
        }
      }
      if (nl < 0) return;
      if (this.skipping) {
        this.skipping = false;
        this.reply(errorResponse(null, McpErrorCode.InvalidRequest, `Invalid Request: a message longer than ${this.maxLineBytes} bytes was skipped; send a smaller problem (or the binary lane of the HTTP API).`));
      } else {
        const line = Buffer.concat(this.parts, this.partBytes).toString('utf8');
        this.parts = [];
        this.partBytes = 0;
        this.line(line);
      }
      buf = buf.subarray(nl + 1);
    }
  };

  // The input's end does not close the transport: calls in flight still answer (serveStdio drains
  // them, then closes). A last line without its newline is still read.
  private readonly onEnd = (): void => {
    if (this.skipping || this.partBytes === 0) return;
    const line = Buffer.concat(this.parts, this.partBytes).toString('utf8');
    this.parts = [];
    this.partBytes = 0;
    this.line(line);
  };

  private readonly onStreamError = (e: Error): void => {
    this.onerror?.(e);
  };

  private line(raw: string): void {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      this.reply(errorResponse(null, McpErrorCode.ParseError, `Parse error: ${(e instanceof Error ? e.message : String(e)).slice(0, 200)}`));
      return;
    }
    if (!Array.isArray(value)) {
      const r = this.check(value);
      if ('error' in r) this.reply(r.error);
      else this.onmessage?.(r.message);
      return;
    }
    if (value.length === 0) {
      this.reply(errorResponse(null, McpErrorCode.InvalidRequest, 'Invalid Request: an empty batch.'));
      return;
    }
    const batch = { waiting: new Set<Id>(), responses: [] as JSONRPCMessage[] };
    const messages: JSONRPCMessage[] = [];
    for (const item of value) {
      const r = this.check(item);
      if ('error' in r) batch.responses.push(r.error);
      else {
        messages.push(r.message);
        if ('method' in r.message && 'id' in r.message && isId(r.message.id) && !this.batchOf.has(r.message.id)) {
          batch.waiting.add(r.message.id);
          this.batchOf.set(r.message.id, batch);
        }
      }
    }
    if (batch.waiting.size === 0 && batch.responses.length > 0) this.reply(batch.responses as unknown as JSONRPCMessage);
    for (const m of messages) this.onmessage?.(m);
  }

  /** One JSON-RPC message, or the error that answers it. */
  private check(value: unknown): { message: JSONRPCMessage } | { error: JSONRPCMessage } {
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (parsed.success) return { message: parsed.data };
    const id = isRecord(value) && isId(value.id) ? value.id : null;
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value !== 'object' ? `a ${typeof value}` : 'an object that is not a JSON-RPC 2.0 request, notification or response';
    return { error: errorResponse(id, McpErrorCode.InvalidRequest, `Invalid Request: got ${what}; send {"jsonrpc": "2.0", "id": …, "method": "…", "params": {…}}.`) };
  }

  private reply(message: JSONRPCMessage): void {
    void this.write(message);
  }

  private write(message: JSONRPCMessage): Promise<void> {
    if (this.closed && !this.output.writable) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onStreamError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const id = 'id' in message && isId(message.id) && !('method' in message) ? message.id : null;
    const batch = id === null ? undefined : this.batchOf.get(id);
    if (batch === undefined || id === null) return this.write(message);
    this.batchOf.delete(id);
    batch.waiting.delete(id);
    batch.responses.push(message);
    if (batch.waiting.size === 0) return this.write(batch.responses as unknown as JSONRPCMessage);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onStreamError);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.parts = [];
    this.onclose?.();
  }
}
