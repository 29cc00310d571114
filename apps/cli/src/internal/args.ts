import { SvcError } from '@svc/errors';

/** One command-line flag; `value` names its argument, absent for a boolean switch. */
export interface FlagSpec {
  name: string;
  short?: string;
  value?: string;
  description: string;
  /** Checks and normalises a value; throws `SvcError('SVC_CLIENT')` on a bad one. */
  parse?: (raw: string) => string;
}

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

function usageError(detail: string, hint?: string): SvcError {
  return new SvcError('SVC_CLIENT', detail, hint ? { extensions: { hint } } : undefined);
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** The candidates closest to a mistyped `name` (a typo or two, or a prefix), best first; at most three. */
export function closestNames(name: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.min(2, Math.floor(name.length / 3)));
  return candidates
    .map((c) => ({ c, d: c.startsWith(name) && name.length >= 2 ? 0.5 : editDistance(name, c) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d)
    .slice(0, 3)
    .map((x) => x.c);
}

/** " Did you mean a or b?" for a mistyped name, else "". */
export function didYouMean(name: string, candidates: readonly string[]): string {
  const near = closestNames(name, candidates);
  return near.length ? ` Did you mean ${near.join(' or ')}?` : '';
}

/**
 * Splits argv into positionals and flags (`--name value`, `--name=value`, `-h`), checking each flag
 * against `specs`. Throws `SvcError('SVC_CLIENT')` for an unknown flag or a missing/bad value.
 */
export function parseArgs(argv: readonly string[], specs: readonly FlagSpec[]): ParsedArgs {
  const byName = new Map<string, FlagSpec>();
  for (const s of specs) {
    byName.set(`--${s.name}`, s);
    if (s.short) byName.set(`-${s.short}`, s);
  }
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const key = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const spec = byName.get(key);
    if (!spec) {
      const names = specs.map((f) => `--${f.name}`);
      throw usageError(`Unknown flag ${key}.${key.startsWith('--') ? didYouMean(key, names) : ''}`, '`svc <command> --help` lists the options of a command; `svc --help` the global ones.');
    }
    if (spec.value === undefined) {
      if (eq > 0 && key !== arg) throw usageError(`${key} takes no value.`);
      flags.set(spec.name, true);
      continue;
    }
    let raw: string | undefined;
    if (eq > 0 && key !== arg) raw = arg.slice(eq + 1);
    else if (i + 1 < argv.length) raw = argv[++i];
    if (raw === undefined) throw usageError(`${key} needs a value <${spec.value}>.`);
    flags.set(spec.name, spec.parse ? spec.parse(raw) : raw);
  }
  return { positionals, flags };
}

/** The value of a flag that takes one, or undefined. */
export function flagValue(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** Parser for a non-negative decimal integer flag value. */
export function nonNegativeInteger(flag: string) {
  return (raw: string): string => {
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
      throw usageError(`--${flag} must be a non-negative integer, got "${raw}".`);
    }
    return String(Number(raw));
  };
}

/** Parser for a flag restricted to a fixed set of values. */
export function oneOf(flag: string, values: readonly string[]) {
  return (raw: string): string => {
    if (!values.includes(raw)) throw usageError(`--${flag} must be one of ${values.join(', ')}, got "${raw}".`);
    return raw;
  };
}

/** Parser for a comma-separated list of names (`--fields a,b`, `--scopes solve,analyze`). */
export function nameList(flag: string) {
  return (raw: string): string => {
    const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
    if (names.length === 0 || names.some((n) => !/^[A-Za-z0-9_.-]+$/.test(n))) {
      throw usageError(`--${flag} takes a comma-separated list of names, got "${raw}".`);
    }
    return names.join(',');
  };
}

/** The names of a list flag, or undefined. */
export function listValue(args: ParsedArgs, name: string): string[] | undefined {
  const v = flagValue(args, name);
  return v === undefined ? undefined : v.split(',');
}

/** The number of an integer flag, or undefined. */
export function intValue(args: ParsedArgs, name: string): number | undefined {
  const v = flagValue(args, name);
  return v === undefined ? undefined : Number(v);
}
