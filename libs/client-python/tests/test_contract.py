"""The Python copy of the contract (`_contract.json`) equals libs/errors and libs/contracts:
every catalogue code, every exit code, every command, and every locally built problem document."""
import json
import sys
import unittest
from importlib import resources

from svc_test_support import WORKSPACE

import svc_client
from svc_client.errors import ERRORS, local_error

sys.path.insert(0, str(WORKSPACE / "libs" / "client-python" / "scripts"))
from contract_dump import dump  # noqa: E402

FIX = "run: python3 libs/client-python/scripts/sync_contract.py"


class ContractTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ts = dump()

    def test_contract_file_matches_the_typescript_sources(self):
        mine = json.loads(resources.files("svc_client").joinpath("_contract.json").read_text(encoding="utf-8"))
        self.assertEqual(mine, self.ts["contract"], FIX)

    def test_every_local_document_matches_the_typescript_builder(self):
        self.assertEqual(set(ERRORS), set(self.ts["documents"]))
        for code, expected in self.ts["documents"].items():
            doc = local_error(code, "probe detail", docs_url=self.ts["probe_docs_url"], job_id="j1")
            self.assertEqual(doc.pop("exit_code"), ERRORS[code]["exit_code"])
            self.assertEqual(doc, expected, code)

    def test_exit_code_table(self):
        # commands.md "CLI exit codes", spot-checked independently of the generated data.
        expect = {
            "SVC_NETWORK": 1, "SVC_RATE_LIMITED": 1, "SVC_BUSY": 1, "SVC_INTERNAL": 1, "SVC_QUOTA_EXCEEDED": 1,
            "SVC_BUDGET_EXCEEDED": 1, "SVC_JOB_WAIT_TIMEOUT": 1, "SVC_UPSTREAM_INVALID_RESPONSE": 1,
            "SVC_IDEMPOTENCY_IN_PROGRESS": 1,
            "SVC_UNAUTHENTICATED": 2, "SVC_FORBIDDEN": 2, "SVC_SANDBOX_LIMIT": 2, "SVC_TOKEN_BLOCKED": 2,
            "SVC_SANDBOX_CAPABILITY_REJECTED": 2, "SVC_NO_CREDENTIALS": 2,
            "SVC_INVALID_INPUT": 3, "SVC_UNSUPPORTED": 3, "SVC_NOT_FOUND": 3, "SVC_IDEMPOTENCY_CONFLICT": 3,
            "SVC_PAYLOAD_TOO_LARGE": 3, "SVC_UPGRADE_REQUIRED": 3, "SVC_STORAGE_UNAVAILABLE": 3, "SVC_CLIENT": 3,
            "SVC_CONFIG_INVALID": 3,
        }
        for code, exit_code in expect.items():
            self.assertEqual(svc_client.exit_code_for(code), exit_code, code)

    def test_one_function_per_command(self):
        self.assertEqual(len(set(svc_client.COMMANDS)), len(svc_client.COMMANDS))
        for command in svc_client.COMMANDS:
            name = command.replace("-", "_")
            self.assertTrue(callable(getattr(svc_client, name)), name)
            self.assertTrue(callable(getattr(svc_client.Client, name)), name)
            self.assertIn(name, svc_client.__all__)
        self.assertIs(svc_client.quantum_scale, svc_client.COMMAND_FUNCTIONS["quantum_scale"])

    def test_is_error(self):
        self.assertTrue(svc_client.is_error(local_error("SVC_NETWORK", "x", docs_url="http://127.0.0.1:8080")))
        self.assertFalse(svc_client.is_error({"answer": [1], "cut_value": 1}))
        self.assertFalse(svc_client.is_error({"code": "NOT_A_CODE", "retryable": False, "exit_code": 3}))
        self.assertEqual(svc_client.exit_code_of({"answer": [1]}), 0)
        self.assertEqual(svc_client.exit_code_of(local_error("SVC_FORBIDDEN", "x", docs_url="http://127.0.0.1:8080")), 2)


if __name__ == "__main__":
    unittest.main()
