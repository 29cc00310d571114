"""Dumps the TypeScript contract facts the Python client mirrors (error catalogue, commands with
their purpose, status and stability).

Used by `sync_contract.py` (writes `src/svc_client/_contract.json`) and by the test that keeps
that file equal to `libs/errors` and `libs/contracts`. Needs the workspace's node and esbuild.
"""
from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

WORKSPACE = Path(__file__).resolve().parents[3]

# Evaluated by node against an esbuild bundle of the TS sources; prints one JSON document.
_ENTRY = r"""
import { ERRORS, EXIT_CODES, SvcError, localProblemDocument } from '@svc/errors';
import { CATALOGUE, COMMANDS, PURPOSES, TAG } from '@svc/contracts/commands';
// The base a client's local documents link (its configured service URL); any URL shows they agree.
const PROBE_DOCS_URL = 'http://svc.test:8080';
const errors = {};
const documents = {};
for (const [code, s] of Object.entries(ERRORS)) {
  errors[code] = {
    http: s.http, cli_local: s.cliLocal, retryable: s.retryable,
    retry_after: 'retryAfter' in s ? s.retryAfter : null,
    title: s.title, help: s.help, agent_fix_prompt: s.agentFixPrompt,
    actions: [...s.actions], exit_code: EXIT_CODES[code],
  };
  documents[code] = localProblemDocument(new SvcError(code, 'probe detail', { extensions: { job_id: 'j1' } }), PROBE_DOCS_URL);
}
process.stdout.write(JSON.stringify({
  contract: {
    tag: TAG, commands: [...COMMANDS], purposes: PURPOSES,
    // 'served' or 'not available yet', and 'beta'/'research' (null without a schema), per command.
    status: Object.fromEntries(COMMANDS.map((c) => [c, CATALOGUE[c].status])),
    stability: Object.fromEntries(COMMANDS.map((c) => [c, CATALOGUE[c].stability ?? null])),
    errors,
  },
  documents,
  probe_docs_url: PROBE_DOCS_URL,
}));
"""


def dump() -> dict:
    """Returns `{contract, documents, probe_docs_url}` computed from the TypeScript sources."""
    esbuild = WORKSPACE / "node_modules" / ".bin" / "esbuild"
    with tempfile.TemporaryDirectory(prefix="svc-contract-") as tmp:
        out = Path(tmp) / "dump.mjs"
        # esbuild resolves stdin's imports from cwd, so the workspace packages are found.
        subprocess.run(
            [str(esbuild), "--bundle", "--format=esm", "--platform=node", "--loader=ts",
             "--log-level=warning", f"--outfile={out}"],
            input=_ENTRY, cwd=WORKSPACE, check=True, capture_output=True, text=True,
        )
        run = subprocess.run(["node", str(out)], check=True, capture_output=True, text=True)
    return json.loads(run.stdout)
