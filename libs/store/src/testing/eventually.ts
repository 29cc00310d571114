/**
 * Polls `f` until it returns a truthy value, which it returns, or until `ms` have passed (an Error
 * naming `what`). A throw from `f` propagates, unless `retryErrors` counts it as "not yet" (a
 * process being killed and restarted under the test).
 */
export async function eventually<T>(
  f: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  what: string,
  ms = 30_000,
  { everyMs = 100, retryErrors = false }: { everyMs?: number; retryErrors?: boolean } = {},
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = retryErrors ? await Promise.resolve().then(f).catch(() => null) : await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
