#!/usr/bin/env node
// `npm run ablate:registry -- [command]`: the ablation test of docs/adding-a-command.md. For each
// registry line a served command needs (default: milp), a temporary worktree of HEAD loses that one
// line, and the checks a developer runs (typecheck, the native addon build when C++ changed, the
// completeness test) must fail with a message that names the file to fix. Prints one line per
// ablation and exits 1 if any of them went unnoticed or failed without naming the file.
// Takes several minutes (a typecheck and a completeness run per line), so it is not part of `npm test`.
import { execSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const command = process.argv[2] ?? 'milp';
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_SKIP_NX_CACHE: 'true', CI: 'true' };

/** The engine-ts family folder whose family.ts has the command among its solvers, and that family's constant. */
function familyFolders(tree) {
  const families = join(tree, 'libs/engine-ts/src/families');
  const key = command.includes('-') ? `'${command}':` : `${command}:`;
  for (const folder of readdirSync(families)) {
    const file = join(families, folder, 'family.ts');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const at = text.split('\n').findIndex((l) => l.includes('solvers:') && l.includes(key));
    if (at < 0) continue;
    const before = text.split('\n').slice(0, at).join('\n');
    const consts = [...before.matchAll(/export const (\w+_FAMILY)\b/g)];
    return { folder, constName: consts[consts.length - 1][1] };
  }
  throw new Error(`no engine-ts family.ts lists a solver of ${command}`);
}

/** Removes the first line of `file` matching `re` (or applies `edit`); throws if nothing matched. */
function dropLine(file, re) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const k = lines.findIndex((l) => re.test(l));
  if (k < 0) throw new Error(`no line of ${file} matches ${re}`);
  lines.splice(k, 1);
  writeFileSync(file, lines.join('\n'));
  return lines[k - 1] ?? '';
}

const ablations = [
  {
    what: 'its CATALOGUE status (served → not available) in libs/contracts/src/catalogue.ts',
    expect: /libs\/contracts\/src\/catalogue\.ts/,
    apply: (t) => {
      const file = join(t, 'libs/contracts/src/catalogue.ts');
      const text = readFileSync(file, 'utf8');
      const re = new RegExp(`^(\\s+'?${command}'?: \\{.*status: )S\\b`, 'm');
      if (!re.test(text)) throw new Error('catalogue line not found');
      writeFileSync(file, text.replace(re, '$1NA'));
    },
  },
  {
    what: 'its REGISTRY entry in libs/contracts/src/commands/index.ts',
    expect: /libs\/contracts\/src\/commands\/index\.ts/,
    apply: (t) => dropLine(join(t, 'libs/contracts/src/commands/index.ts'), new RegExp(`^\\s+'?${command}'?(: \\w+)?,\\s*$`)),
  },
  {
    what: 'its family\'s line in FAMILIES, libs/engine-ts/src/families/index.ts',
    expect: /libs\/engine-ts\/src\/families\/index\.ts/,
    apply: (t) => dropLine(join(t, 'libs/engine-ts/src/families/index.ts'), new RegExp(`^\\s+${familyFolders(t).constName},\\s*$`)),
    family: true,
  },
  {
    what: 'its C++ registry file, libs/engine-native/src/core/<family>/entries.h',
    expect: /entries\.h/,
    apply: (t) => rmSync(join(t, 'libs/engine-native/src/core', familyFolders(t).folder, 'entries.h')),
    native: true,
  },
  {
    what: 'its COMMAND_MODULES line in libs/service/src/commands/index.ts',
    expect: /libs\/service\/src\/commands\/index\.ts/,
    apply: (t) => dropLine(join(t, 'libs/service/src/commands/index.ts'), new RegExp(`^\\s+${command.replace(/-(\w)/g, (_m, c) => c.toUpperCase())}Command,\\s*$`)),
  },
];

function run(cmd, cwd) {
  const r = spawnSync('bash', ['-c', cmd], { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0, out: `${r.stdout}\n${r.stderr}` };
}

let failures = 0;
for (const a of ablations) {
  const tree = mkdtempSync(join(tmpdir(), 'svc-ablate-'));
  try {
    execSync(`git worktree add --detach -q ${tree} HEAD`, { cwd: root });
    execSync(`cp -al ${join(root, 'node_modules')} ${join(tree, 'node_modules')}`);
    // The addon as built here (a C++ ablation rebuilds it in the copy).
    if (existsSync(join(root, 'libs/engine-native/build/Release'))) cpSync(join(root, 'libs/engine-native/build/Release'), join(tree, 'libs/engine-native/build/Release'), { recursive: true });
    a.apply(tree);
    // As `npm test` does: the typecheck and the tests both run, and the developer reads both.
    const typecheck = run('npx nx run-many -t typecheck --output-style=stream 2>&1', tree);
    const build = run(`${a.native ? 'rm -rf libs/engine-native/build && ' : ''}npx nx run-many -t build -p engine-native service http cli --output-style=stream 2>&1`, tree);
    const tests = build.ok
      ? run('npx vitest run --root tools src/completeness/command-completeness.test.ts 2>&1 && npx vitest run --root libs/engine-ts src/families/index.test.ts 2>&1', tree)
      : { ok: false, out: '' };
    const r = { ok: typecheck.ok && build.ok && tests.ok, out: `${typecheck.out}\n${build.out}\n${tests.out}`.replace(/\x1b\[[0-9;]*m/g, '') };
    const stage = [!typecheck.ok && 'typecheck', !build.ok && 'build', build.ok && !tests.ok && 'tests'].filter(Boolean).join(', ') || 'nothing';
    const named = a.expect.test(r.out);
    const verdict = r.ok ? 'NOT NOTICED' : named ? 'fails, naming the file' : 'fails, without naming the file';
    if (r.ok || !named) failures++;
    const hint = r.out.split('\n').find((l) => a.expect.test(l))?.replace(/\x1b\[[0-9;]*m/g, '').trim().slice(0, 300) ?? '';
    console.log(`${command}: without ${a.what}: ${verdict} (failing: ${stage})${hint ? ` — ${hint}` : ''}`);
  } finally {
    execSync(`git worktree remove --force ${tree}`, { cwd: root });
    rmSync(tree, { recursive: true, force: true });
  }
}
process.exit(failures === 0 ? 0 : 1);
