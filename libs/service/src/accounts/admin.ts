import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ACCOUNT_STATES, defaultDataDir, openStore, type AccountState, type Store } from '@svc/store';
import { isSvcError } from '@svc/errors';
import { resolveAccessLimits } from '../limits/access-limits';
import { createAccountService } from './account-service';
import { createOutboxMailer } from './outbox';

/** Output sinks and settings of one operator command. */
export interface AdminIo {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** A ready store (tests, PostgreSQL); default: the SQLite store under `SVC_DATA_DIR`. */
  readonly store?: Store;
  readonly clock?: () => number;
}

export const ADMIN_USAGE = `usage: svc-admin <command> [args]

  account-state <email> <active|suspended|blocked|closed> [--reason <text>]
        set an account's state; anything but active answers its 403 code on the next request
  account <email>
        show an account (state, plan, email verification)
  outbox [<email>] [--limit <n>]
        print the newest outbox mails (JSON lines), e.g. to read a verification link

Reads SVC_DATA_DIR (default ./.svc-data) like the server; safe to run while it serves.
Exit codes: 0 done, 3 bad invocation or unknown account.`;

function takeFlag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

/**
 * The operator command (`npm run svc-admin -- …`): sets an account's state, shows an account,
 * reads the outbox. Returns the exit code; never throws for operator mistakes.
 */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const args = [...argv];
  const cmd = args.shift();
  if (!cmd || cmd === 'help' || cmd === '--help' || cmd === '-h') {
    (cmd ? io.stdout : io.stderr)(`${ADMIN_USAGE}\n`);
    return cmd ? 0 : 3;
  }
  const reason = takeFlag(args, '--reason');
  const limitRaw = takeFlag(args, '--limit');
  const bad = (msg: string) => {
    io.stderr(`svc-admin: ${msg}\n${ADMIN_USAGE}\n`);
    return 3;
  };
  if (cmd === 'account-state' && (args.length !== 2 || !ACCOUNT_STATES.includes(args[1] as AccountState))) {
    return bad(`account-state takes <email> and one of ${ACCOUNT_STATES.join(', ')}`);
  }
  if (cmd === 'account' && args.length !== 1) return bad('account takes <email>');
  if (cmd === 'outbox' && args.length > 1) return bad('outbox takes at most one <email>');
  if (!['account-state', 'account', 'outbox'].includes(cmd)) return bad(`unknown command '${cmd}'`);
  const limit = limitRaw === undefined ? 20 : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1) return bad('--limit must be a positive integer');

  const dataDir = defaultDataDir(io.env);
  // The service's store: the SQLite file in the data dir, or PostgreSQL when SVC_DATABASE_URL is set.
  const store = io.store ?? (await openStore(io.env, { dataDir }));
  const clock = io.clock ?? Date.now;
  try {
    const accounts = createAccountService({
      store,
      clock,
      limits: resolveAccessLimits({}, io.env),
      mailer: createOutboxMailer({ store, clock, dir: path.resolve(io.env.SVC_OUTBOX_DIR?.trim() || path.join(dataDir, 'outbox')) }),
      // The operator commands never sign links; a throwaway secret keeps the stored one untouched.
      signingSecret: randomBytes(32).toString('hex'),
    });
    if (cmd === 'account-state') {
      io.stdout(`${JSON.stringify(await accounts.setAccountState(args[0], args[1] as AccountState, reason))}\n`);
    } else if (cmd === 'account') {
      io.stdout(`${JSON.stringify(await accounts.describeAccount(args[0]))}\n`);
    } else {
      const mails = await store.listOutbox({ to: args[0]?.trim().toLowerCase(), limit });
      for (const m of mails) io.stdout(`${JSON.stringify({ ...m, createdAt: new Date(m.createdAt).toISOString() })}\n`);
    }
    return 0;
  } catch (e) {
    if (isSvcError(e)) {
      io.stderr(`svc-admin: ${e.code}: ${e.message}\n`);
      return 3;
    }
    throw e;
  } finally {
    if (!io.store) await store.close();
  }
}
