import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { runCli } from './run-cli';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// Written beside the target and renamed over it, so a crash never leaves half a file.
async function writeFileAtomic(path: string, text: string, mode?: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text, { mode: mode ?? 0o644 });
  // The mode of writeFile is masked by the umask; chmod makes it exact (0600 for the config).
  if (mode !== undefined) await chmod(tmp, mode);
  await rename(tmp, path);
}

// A reader that stops early (`svc ... | head`) is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
}

// Exit through exitCode, not process.exit(), so piped stdout is fully flushed.
runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  readStdin,
  stdinIsTty: process.stdin.isTTY === true,
  stderrIsTty: process.stderr.isTTY === true,
  readFile: (p) => readFile(p, 'utf8'),
  writeFile: writeFileAtomic,
  homeDir: homedir(),
}).then((code) => {
  process.exitCode = code;
});
