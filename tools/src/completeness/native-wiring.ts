/**
 * What to fix when the native engine does not answer a served command: the completeness test's
 * messages name the file and the line to add (docs/adding-a-command.md, step 3). The folders are
 * found the way the build finds them: the C++ family folder is the one whose `entries.h` names the
 * command (CMakeLists.txt gathers every `src/core/<folder>/entries.h`), else the folder paired by
 * name with the engine-ts family folder whose `family.ts` has the command's problem kind.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORE_DIR = 'libs/engine-native/src/core';
export const FAMILIES_DIR = 'libs/engine-ts/src/families';

function folders(root: string, dir: string): string[] {
  const abs = join(root, dir);
  return existsSync(abs) ? readdirSync(abs, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];
}

const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** The engine-ts family folder whose family.ts declares `kind: '<kind>'`, or null. */
export function tsFamilyFolder(root: string, kind: string | undefined): string | null {
  if (kind === undefined) return null;
  const decl = new RegExp(`\\bkind:\\s*['"]${kind.replace(/[-]/g, '\\-')}['"]`);
  return folders(root, FAMILIES_DIR).find((f) => decl.test(read(join(root, FAMILIES_DIR, f, 'family.ts')))) ?? null;
}

/** The C++ family folder whose entries.h registers `command` (`Entry<…>("<command>")`), or null. */
export function coreFolderRegistering(root: string, command: string): string | null {
  const line = new RegExp(`Entry<[^;]*>\\(\\s*"${command}"\\s*\\)`);
  return folders(root, CORE_DIR).find((f) => line.test(read(join(root, CORE_DIR, f, 'entries.h')))) ?? null;
}

export interface NativeWiring {
  /** The engine-ts family folder of the command's problem kind (families/<tsFolder>/family.ts). */
  readonly tsFolder: string;
  /** The C++ family folder (core/<coreFolder>): the registering one, else the one paired by name. */
  readonly coreFolder: string;
  /** Whether some core/<folder>/entries.h names the command. */
  readonly registered: boolean;
}

export function nativeWiring(root: string, command: string, kind: string | undefined): NativeWiring {
  const tsFolder = tsFamilyFolder(root, kind) ?? kind ?? command;
  const registering = coreFolderRegistering(root, command);
  return { tsFolder, coreFolder: registering ?? tsFolder, registered: registering !== null };
}

/** The fix for a command the addon does not list (`addon.commands()`). */
export function missingEntryHint(root: string, command: string, w: NativeWiring): string {
  const entries = `${CORE_DIR}/${w.coreFolder}/entries.h`;
  const isNew = !existsSync(join(root, entries));
  return [
    `the native engine has no solver for "${command}":`,
    `add its line Entry<…>("${command}") to kEntries_${w.coreFolder} in ${entries}`,
    isNew ? `(a new file, as core/tsp/entries.h; CMakeLists.txt gathers every core/*/entries.h, and the family needs its problem.h records and solve.h)` : '',
    w.registered ? `(${entries} names it, so the addon is stale: rebuild)` : '',
    `then rebuild with: npx nx run engine-native:build.`,
    `While engine-ts alone serves it, list it in TS_ONLY_COMMANDS (libs/engine-native/src/create-engine.ts) instead.`,
  ].filter(Boolean).join(' ');
}

/**
 * The fix for a native solve that failed, from the error the addon (or the facade) gave: the
 * binding reader (src/binding/wire_reader.cc) names the record it could not read.
 */
export function nativeFailureHint(root: string, command: string, w: NativeWiring, error: string): string {
  const problemH = `${CORE_DIR}/${w.coreFolder}/problem.h`;
  const solveH = `${CORE_DIR}/${w.coreFolder}/solve.h`;
  const familyTs = `${FAMILIES_DIR}/${w.tsFolder}/family.ts`;
  const budget = /needs options\.family|budget needs (\S+)/.exec(error);
  if (budget) {
    const what = budget[1] ? `the number "${budget[1]}"` : 'its budget object (options.family)';
    return `the budget engine-ts hands the native engine for "${command}" lacks ${what}: the family's nativeBudget `
      + `(${familyTs}; NATIVE_BUDGETS / nativeBudgetOf in ${FAMILIES_DIR}/index.ts) must give it by the name of its BudgetField record in ${solveH} `
      + `(or the record's name must follow the budget's).`;
  }
  const field = /problem (?:needs|field) (\S+)/.exec(error);
  if (field) {
    return `the C++ records of "${command}" read the field "${field[1]}" that the canonical problem does not carry as they say: `
      + `the WireField "${field[1]}" in ${problemH} (kind ${w.tsFolder}) must name a field of ${FAMILIES_DIR}/${w.tsFolder}/problem.ts with its type, `
      + `or the canonical problem must carry it.`;
  }
  if (/unknown result kind/.test(error)) {
    return `the core answered a result kind the facade does not map: add its case to the result mapping of libs/engine-native/src/native-engine.ts (and the kind to core/common/request.h ResultKind).`;
  }
  if (/does not support/.test(error)) return missingEntryHint(root, command, w);
  return `the native engine failed on the example of "${command}" (its family: ${CORE_DIR}/${w.coreFolder}, ${FAMILIES_DIR}/${w.tsFolder}).`;
}

/** The messages of an error and its causes, outermost first. */
export function errorChain(e: unknown): string {
  const out: string[] = [];
  for (let x: unknown = e, k = 0; x !== undefined && x !== null && k < 6; x = (x as { cause?: unknown }).cause, k++) {
    const code = (x as { code?: unknown }).code;
    out.push(`${typeof code === 'string' ? `${code}: ` : ''}${x instanceof Error ? x.message : String(x)}`);
  }
  return out.join(' <- ');
}
