/**
 * `npm run svc-admin -- <command>`: the operator command, bundled to dist/svc-admin.mjs.
 * `account-state <email> <active|suspended|blocked|closed>`, `account <email>`, `outbox [<email>]`;
 * see ADMIN_USAGE. Reads SVC_DATA_DIR like the server.
 */
import { runAdmin } from '@svc/service';

runAdmin(process.argv.slice(2), {
  env: process.env,
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`svc-admin: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
