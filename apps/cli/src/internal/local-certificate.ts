import { checkCertificate, KINDS_BY_COMMAND, type CertificateReport } from '@svc/certificates';
import { SvcError } from '@svc/errors';
import { LOCAL_VERIFY_COMMANDS, localVerify, type Check } from './local-verify';

/**
 * `svc verify <command> --local` with a certificate (docs/certificates.md): @svc/certificates checks
 * it offline, exactly, and the report is a `formal_proof`. For the commands `--local` recomputes
 * (LOCAL_VERIFY_COMMANDS) the certificate check joins those checks; for the others with
 * certificates (cover, optimize, reduce) it is the only check.
 */

export interface LocalCertificateReport {
  ok: boolean;
  command: string;
  checks: Check[];
  objective: number | string | null;
  objective_field: string;
  verification: 'formal_proof';
  certificate: CertificateReport;
}

const OBJECTIVE_FIELD: Readonly<Record<string, string>> = {
  tsp: 'length', cover: 'cost', rank: 'disagreements', maxcut: 'cut_value', optimize: 'energy', xorsat: 'violations', reduce: 'answer',
};

type Doc = Record<string, unknown>;
const isDoc = (x: unknown): x is Doc => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The certificate of a `{problem, answer, certificate?}` document: its own, else the result document's. */
export function certificateOf(doc: Doc): unknown {
  if (doc.certificate !== undefined && doc.certificate !== null) return doc.certificate;
  return isDoc(doc.answer) && 'answer' in doc.answer ? doc.answer.certificate ?? undefined : undefined;
}

export function localCertificateVerify(command: string, problem: unknown, answer: unknown, certificate: unknown): LocalCertificateReport {
  if (KINDS_BY_COMMAND[command] === undefined) {
    throw new SvcError('SVC_UNSUPPORTED', `${command} answers carry no certificates (docs/certificates.md says what to recompute instead); run \`svc verify ${command}\` without the certificate.`, { extensions: { field: 'certificate' } });
  }
  const cert = checkCertificate(command, problem, answer, certificate);
  const check: Check = { name: 'certificate', ok: cert.ok, detail: cert.ok ? `${cert.kind}: ${cert.detail}` : `refused at step ${cert.failed_step}: ${cert.detail}` };
  if ((LOCAL_VERIFY_COMMANDS as readonly string[]).includes(command)) {
    const base = localVerify(command, problem, answer);
    const checks = [...base.checks, check];
    return { ...base, ok: checks.every((c) => c.ok), checks, verification: 'formal_proof', certificate: cert };
  }
  return { ok: cert.ok, command, checks: [check], objective: cert.objective, objective_field: OBJECTIVE_FIELD[command], verification: 'formal_proof', certificate: cert };
}
