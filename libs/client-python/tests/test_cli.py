"""`python3 -m svc_client` as a subprocess: help, JSON on stdout, and the exit-code contract."""
import io
import json
import os
import socket
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from svc_test_support import shared_server

import svc_client
from svc_client.cli import main

SRC = str(Path(svc_client.__file__).resolve().parents[1])
PROBLEM = {"description": "Split five offices into two teams to maximise cross-team links.", "n": 5,
           "edges": [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 4, 1], [4, 0, 1]]}


def run(*args, stdin="", env=None):
    full_env = {k: v for k, v in os.environ.items() if k not in ("SVC_API_KEY", "SVC_BASE_URL")}
    full_env.update(PYTHONPATH=SRC, **(env or {}))
    p = subprocess.run([sys.executable, "-m", "svc_client", *args], input=stdin, capture_output=True, text=True,
                       env=full_env, timeout=60)
    return p.returncode, p.stdout, p.stderr


def run_in_process(*args, stdin=""):
    """The same entry point without a new interpreter (keeps the suite fast)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def closed_port_url():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


class CliTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.url = shared_server().url
        cls.tmp = tempfile.TemporaryDirectory()
        cls.problem_file = Path(cls.tmp.name) / "problem.json"
        cls.problem_file.write_text(json.dumps(PROBLEM))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_help_lists_every_operation(self):
        code, out, _ = run("--help")
        self.assertEqual(code, 0)
        for name in (*svc_client.COMMANDS, "solve", "compute", "compute-binary", "analyze", "estimate", "preflight",
                     "route", "verify", "formulate", "capabilities", "schema", "examples", "models", "pricing",
                     "sandbox", "health", "agent-card", "demo", "jobs", "cancel", "usage", "report", "register",
                     "verify-email", "resend-verification", "keys"):
            self.assertIn(name, out)
        code, out, _ = run_in_process("keys", "--help")
        self.assertEqual(code, 0)
        self.assertIn("revoke", out)

    def test_solve_from_a_file_and_from_stdin(self):
        code, out, _ = run("--base-url", self.url, "maxcut", "--input", str(self.problem_file), "--seed", "1")
        self.assertEqual(code, 0, out)
        r = json.loads(out)
        self.assertEqual((r["cut_value"], r["seed"]), (4, 1))
        code, out, _ = run("--compact", "solve", "maxcut", stdin=json.dumps(PROBLEM), env={"SVC_BASE_URL": self.url})
        self.assertEqual(code, 0)
        self.assertEqual(len(out.strip().splitlines()), 1)
        self.assertEqual(json.loads(out)["cut_value"], 4)

    def test_validation_fault_exit_3(self):
        code, out, err = run_in_process("--base-url", self.url, "maxcut", stdin=json.dumps({**PROBLEM, "edges": []}))
        self.assertEqual(code, 3)
        self.assertEqual(json.loads(out)["code"], "SVC_INVALID_INPUT")
        self.assertIn("SVC_INVALID_INPUT", err)

    def test_bad_flag_and_bad_json_exit_3(self):
        code, out, _ = run_in_process("maxcut", "--bogus")
        self.assertEqual((code, json.loads(out)["code"]), (3, "SVC_CLIENT"))
        code, out, _ = run_in_process("--base-url", self.url, "maxcut", stdin="{not json")
        self.assertEqual((code, json.loads(out)["code"]), (3, "SVC_INVALID_INPUT"))
        code, out, _ = run_in_process("maxcut", "--input", "/nonexistent/problem.json")
        self.assertEqual((code, json.loads(out)["code"]), (3, "SVC_CLIENT"))
        code, out, _ = run_in_process("--base-url", "ftp://x", "health")
        self.assertEqual((code, json.loads(out)["code"]), (3, "SVC_CONFIG_INVALID"))

    def test_auth_fault_exit_2(self):
        code, out, _ = run("maxcut", stdin=json.dumps(PROBLEM), env={"SVC_BASE_URL": self.url, "SVC_API_KEY": "svc_bad"})
        self.assertEqual((code, json.loads(out)["code"]), (2, "SVC_UNAUTHENTICATED"))
        code, out, _ = run_in_process("--base-url", self.url, "keys", "list")
        self.assertEqual((code, json.loads(out)["code"]), (2, "SVC_NO_CREDENTIALS"))

    def test_server_down_exit_1_and_demo_offline_exit_0(self):
        down = closed_port_url()
        code, out, _ = run("--base-url", down, "maxcut", stdin=json.dumps(PROBLEM))
        self.assertEqual((code, json.loads(out)["code"]), (1, "SVC_NETWORK"))
        # A document the client built links the configured service's reference page, as the TS client and svc do.
        self.assertEqual(json.loads(out)["type"], f"{down}/errors/SVC_NETWORK")
        code, out, _ = run_in_process("--base-url", down, "demo")
        self.assertEqual((code, json.loads(out)["mode"]), (0, "offline_precomputed"))

    def test_a_pin_written_twice_is_a_contradiction_before_anything_is_sent(self):
        text = ('{"description": "open two of five sites", "n": 5, "linear": {"0": -1},'
                ' "pins": {"2": 1, "4": 0, "2": 0}}')
        code, out, err = run_in_process("--base-url", closed_port_url(), "want", stdin=text)
        doc = json.loads(out)
        self.assertEqual((code, doc["code"], doc["field"], doc["pins"]), (3, "SVC_CONTRADICTORY_CONSTRAINTS", "pins", [2]))
        self.assertIn("twice", err)
        # The same value twice is no contradiction (it reaches the service).
        code, out, _ = run_in_process("--base-url", self.url, "want", stdin=text.replace('"2": 0}', '"2": 1}'))
        self.assertEqual((code, json.loads(out)["answer"][2]), (0, 1))

    def test_catalogue_operations(self):
        code, out, _ = run_in_process("--base-url", self.url, "schema", "optimize")
        self.assertEqual(code, 0)
        self.assertIn("quadratic", json.loads(out)["input_schema"]["properties"])
        code, out, _ = run_in_process("--base-url", self.url, "schema", "not-a-command")
        self.assertEqual((code, json.loads(out)["code"]), (3, "SVC_UNSUPPORTED"))
        self.assertIn("is not a command of the service", json.loads(out)["detail"])

    def test_schema_of_a_known_command_without_one(self):
        # The first command the running service lists without a schema, whichever it is today.
        code, out, _ = run_in_process("--base-url", self.url, "capabilities")
        self.assertEqual(code, 0)
        others = [c["name"] for c in json.loads(out)["other_commands"]]
        if not others:
            self.skipTest("every command has a schema: no known command without one to ask for")
        code, out, _ = run_in_process("--base-url", self.url, "schema", others[0])
        self.assertEqual((code, json.loads(out)["code"]), (3, "SVC_UNSUPPORTED"))
        self.assertIn("has no schema in this version", json.loads(out)["detail"])

    def test_verify_exits_3_when_a_check_fails(self):
        doc = {"problem": {"description": "one path of three nodes", "n": 3, "edges": [[0, 1, 1], [1, 2, 1]]}}
        runs = [run_in_process("--base-url", self.url, "verify", "maxcut", stdin=json.dumps({**doc, "answer": a}))
                for a in ([0, 1, 0], [0, 2, 0], {"answer": [0, 1, 0], "cut_value": 5})]
        self.assertEqual([code for code, _, _ in runs], [0, 3, 3])
        self.assertEqual(json.loads(runs[0][1])["objective"], 2)
        self.assertIn("did not pass", runs[1][2])
        code, out, _ = run_in_process("--base-url", self.url, "verify", "maxcut", stdin=json.dumps(doc))
        self.assertEqual((code, json.loads(out)["code"]), (3, "SVC_INVALID_INPUT"))


class LocalVerifyTest(unittest.TestCase):
    """`verify <command> --local`: check_certificate / check_precision without a server (exit 3 when refused)."""

    def test_a_certificate_is_checked_on_this_machine(self):
        problem = {"description": "Three offices, each pair linked.", "n": 3, "edges": [[0, 1, 1], [1, 2, 1], [0, 2, 1]]}
        good = {"problem": problem, "answer": {"answer": [0, 1, 0], "cut_value": 2, "certificate": {"kind": "odd_cycles", "cycles": [[0, 1, 2]]}}}
        code, out, _ = run_in_process("--base-url", closed_port_url(), "verify", "maxcut", "--local", stdin=json.dumps(good))
        self.assertEqual((code, json.loads(out)["ok"], json.loads(out)["optimal"]), (0, True, True))
        bad = {"problem": problem, "answer": [0, 1, 0], "certificate": {"kind": "odd_cycles", "cycles": [[0, 1]]}}
        code, out, err = run_in_process("verify", "maxcut", "--local", stdin=json.dumps(bad))
        self.assertEqual((code, json.loads(out)["failed_step"]), (3, "odd_cycles.cycles[0]"))
        self.assertIn("did not pass", err)

    def test_precision_is_checked_by_its_rounding(self):
        doc = {"problem": {"op": "sqrt", "x": "2", "digits": 31}, "answer": "1.41421356237309504880168872421"}
        code, out, _ = run_in_process("verify", "precision", "--local", stdin=json.dumps(doc))
        self.assertEqual((code, json.loads(out)["ok"]), (0, True))
        code, out, _ = run_in_process("verify", "precision", "--local", stdin=json.dumps({**doc, "answer": "1.41421356237309504880168872422"}))
        self.assertEqual((code, json.loads(out)["failed_step"]), (3, "rounding"))


if __name__ == "__main__":
    unittest.main()
