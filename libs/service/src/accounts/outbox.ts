import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { OutboxMail, Store } from '@svc/store';

/** One outgoing message. */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  readonly kind: string;
  /** Machine-readable facts written next to the message in outbox.jsonl (e.g. `link`, `token`). */
  readonly facts?: Readonly<Record<string, unknown>>;
}

export interface Mailer {
  /** Where mail goes: `outbox` (embedded) is the only transport of this build. */
  readonly transport: 'outbox';
  readonly dir: string;
  send(mail: Mail): Promise<OutboxMail>;
}

const FROM = 'svc <no-reply@svc.invalid>';

/** RFC 5322 text of one message (plain text, UTF-8). */
function eml(m: OutboxMail): string {
  return [
    `From: ${FROM}`,
    `To: ${m.to}`,
    `Subject: ${m.subject}`,
    `Date: ${new Date(m.createdAt).toUTCString()}`,
    `Message-ID: <${m.id}@svc.invalid>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    `X-Svc-Kind: ${m.kind}`,
    '',
    m.body,
    '',
  ].join('\r\n');
}

/**
 * The embedded mail transport: every message is stored in the `outbox` table and written to
 * `<dir>/<time>-<id>.eml`, with one JSON line per message appended to `<dir>/outbox.jsonl`
 * (`{id, to, subject, kind, created_at, file, ...facts}`), which `svc` and tests read.
 * SMTP delivery (`SVC_SMTP_URL`) is not implemented; `createService` refuses to start with it set.
 */
export function createOutboxMailer(opts: { store: Store; dir: string; clock: () => number }): Mailer {
  const { store, dir, clock } = opts;
  return {
    transport: 'outbox',
    dir,
    async send(mail) {
      const createdAt = clock();
      const m: OutboxMail = { id: `mail_${randomBytes(8).toString('hex')}`, to: mail.to, subject: mail.subject, body: mail.body, kind: mail.kind, createdAt };
      // Files first: a mail that could not be written leaves no row (the resend throttle reads rows).
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date(createdAt).toISOString().replace(/[:.]/g, '-')}-${m.id}.eml`);
      await fs.promises.writeFile(file, eml(m), { mode: 0o600 });
      const line = { id: m.id, to: m.to, subject: m.subject, kind: m.kind, created_at: new Date(createdAt).toISOString(), file, ...(mail.facts ?? {}) };
      await fs.promises.appendFile(path.join(dir, 'outbox.jsonl'), `${JSON.stringify(line)}\n`, { mode: 0o600 });
      await store.addOutboxMail(m);
      return m;
    },
  };
}
