import type { Json } from './backend';

/**
 * Full results of synchronous solves whose arrays were cut, readable as `svc://results/<receipt>`
 * for a while, by the caller that solved them only (its owner: the account or sandbox allowance):
 * the newest `capacity` results up to `maxBytes` of JSON. A receipt is a hash of the problem and
 * answer, so anyone who solved the same problem can name it; the owner check, as for jobs, keeps
 * it private. Queued results need no copy: `svc://jobs/<id>/result` is read from the service.
 */
export class ResultStore {
  private readonly items = new Map<string, { doc: Json; bytes: number }>();
  private bytes = 0;

  constructor(private readonly capacity = 64, private readonly maxBytes = 64 * 1024 * 1024) {}

  put(receipt: string, doc: Json, owner: string): void {
    const bytes = JSON.stringify(doc).length;
    if (bytes > this.maxBytes) return;
    const key = `${owner}\n${receipt}`;
    this.drop(key);
    this.items.set(key, { doc, bytes });
    this.bytes += bytes;
    while (this.items.size > this.capacity || this.bytes > this.maxBytes) this.drop(this.items.keys().next().value as string);
  }

  /** The result kept for `owner` under `receipt`; another caller's is never returned. */
  get(receipt: string, owner: string): Json | undefined {
    return this.items.get(`${owner}\n${receipt}`)?.doc;
  }

  private drop(key: string): void {
    const it = this.items.get(key);
    if (!it) return;
    this.items.delete(key);
    this.bytes -= it.bytes;
  }
}
