/**
 * A strict reader of the Prometheus text exposition (format 0.0.4) for tests: every sample must
 * belong to a family announced by `# HELP` and `# TYPE` lines before it (a histogram's
 * `_bucket`/`_sum`/`_count`, a counter's name as declared), names and label names must be legal,
 * label values properly quoted and escaped, values numbers (or NaN, ±Inf). Throws on anything else.
 */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  readonly samples: Sample[];
}

export interface Exposition {
  readonly families: ReadonlyMap<string, Family>;
  /** Samples named `name` whose labels include every one of `labels`. */
  find(name: string, labels?: Readonly<Record<string, string>>): Sample[];
  /** The one value of `name` with `labels` (throws unless exactly one sample matches). */
  value(name: string, labels?: Readonly<Record<string, string>>): number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const SUFFIXES: Record<Family['type'], readonly string[]> = {
  counter: [''], gauge: [''], untyped: [''], histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'],
};

function parseValue(v: string, line: string): number {
  if (v === 'NaN') return NaN;
  if (v === '+Inf') return Infinity;
  if (v === '-Inf') return -Infinity;
  if (!/^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(v)) throw new Error(`bad value in: ${line}`);
  return Number(v);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const eq = text.indexOf('=', i);
    if (eq < 0) throw new Error(`bad labels in: ${line}`);
    const name = text.slice(i, eq);
    if (!LABEL.test(name) || name in out) throw new Error(`bad or repeated label '${name}' in: ${line}`);
    if (text[eq + 1] !== '"') throw new Error(`unquoted label value in: ${line}`);
    let j = eq + 2;
    let v = '';
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const e = text[++j];
        if (e === 'n') v += '\n';
        else if (e === '\\' || e === '"') v += e;
        else throw new Error(`bad escape in: ${line}`);
      } else v += text[j];
    }
    if (j >= text.length) throw new Error(`unterminated label value in: ${line}`);
    out[name] = v;
    i = j + 1;
    if (i < text.length) {
      if (text[i] !== ',') throw new Error(`expected ',' in labels of: ${line}`);
      i++;
    }
  }
  return out;
}

export function parseExposition(text: string): Exposition {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const families = new Map<string, Family>();
  const help = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      if (kind === 'HELP') {
        if (help.has(name)) throw new Error(`second HELP for ${name}`);
        help.set(name, rest);
      } else {
        if (!(rest in SUFFIXES)) throw new Error(`bad TYPE in: ${line}`);
        if (families.has(name)) throw new Error(`second TYPE for ${name}`);
        if (!help.has(name)) throw new Error(`TYPE before HELP for ${name}`);
        families.set(name, { name, help: help.get(name)!, type: rest as Family['type'], samples: [] });
      }
      continue;
    }
    if (line.startsWith('#')) throw new Error(`unexpected comment: ${line}`);
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`bad sample line: ${line}`);
    const [, name, labelText, valueText] = m;
    const family = [...families.values()].find((f) => SUFFIXES[f.type].some((s) => name === f.name + s));
    if (!family) throw new Error(`sample of an undeclared family: ${line}`);
    family.samples.push({ name, labels: parseLabels(labelText ?? '', line), value: parseValue(valueText, line) });
  }
  const matches = (s: Sample, labels: Readonly<Record<string, string>>) => Object.entries(labels).every(([k, v]) => s.labels[k] === v);
  const find = (name: string, labels: Readonly<Record<string, string>> = {}) =>
    [...families.values()].flatMap((f) => f.samples).filter((s) => s.name === name && matches(s, labels));
  return {
    families,
    find,
    value(name, labels = {}) {
      const found = find(name, labels);
      if (found.length !== 1) throw new Error(`${found.length} samples of ${name}${JSON.stringify(labels)}`);
      return found[0].value;
    },
  };
}
