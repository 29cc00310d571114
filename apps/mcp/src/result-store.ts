import type { Json } from './backend';

/**
 * Full results of synchronous solves whose arrays were cut, readable as `svc://results/<receipt>`
 * for a while: the newest `capacity` results up to `maxBytes` of JSON. A receipt is a 64-hex hash
 * of the problem and answer, so only a caller who saw the result can name it. Queued results need
 * no copy: `svc://jobs/<id>/result` is read from the service.
 */
export class ResultStore {
  private readonly items = new Map<string, { doc: Json; bytes: number }>();
  private bytes = 0;

  constructor(private readonly capacity = 64, private readonly maxBytes = 64 * 1024 * 1024) {}

  put(receipt: string, doc: Json): void {
    const bytes = JSON.stringify(doc).length;
    if (bytes > this.maxBytes) return;
    this.drop(receipt);
    this.items.set(receipt, { doc, bytes });
    this.bytes += bytes;
    while (this.items.size > this.capacity || this.bytes > this.maxBytes) this.drop(this.items.keys().next().value as string);
  }

  get(receipt: string): Json | undefined {
    return this.items.get(receipt)?.doc;
  }

  private drop(key: string): void {
    const it = this.items.get(key);
    if (!it) return;
    this.items.delete(key);
    this.bytes -= it.bytes;
  }
}
