import { readFile } from 'node:fs/promises';
import { runCli } from './run-cli';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
  readFile: (p) => readFile(p, 'utf8'),
}).then((code) => {
  process.exitCode = code;
});
