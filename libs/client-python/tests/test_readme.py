"""The README's Python examples, run as written against the real server (one shared namespace,
in order), then checked."""
import contextlib
import io
import os
import re
import unittest
from pathlib import Path

from svc_test_support import brute_max_cut, shared_server

import svc_client

README = Path(__file__).resolve().parents[1] / "README.md"
ROOT_README = Path(__file__).resolve().parents[3] / "README.md"


def python_blocks(path=README):
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


@contextlib.contextmanager
def server_env(server):
    """Points the default client at `server` (sandbox, no key) and restores the environment after."""
    saved = {k: os.environ.get(k) for k in ("SVC_BASE_URL", "SVC_DATA_DIR", "SVC_API_KEY")}
    os.environ.update(SVC_BASE_URL=server.url, SVC_DATA_DIR=server.data_dir)
    os.environ.pop("SVC_API_KEY", None)
    svc_client.reset_default_client()
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        svc_client.reset_default_client()


class ReadmeTest(unittest.TestCase):
    def test_examples_run_as_written(self):
        server = shared_server()
        blocks = python_blocks()
        self.assertGreaterEqual(len(blocks), 8)
        ns: dict = {"__name__": "readme"}
        out = io.StringIO()
        with server_env(server), contextlib.redirect_stdout(out):
            for i, block in enumerate(blocks):
                with self.subTest(block=i):
                    exec(compile(block, f"README.md python block {i}", "exec"), ns)

        self.assertFalse(svc_client.is_error(ns["result"]), ns["result"])
        self.assertEqual(ns["result"]["cut_value"], brute_max_cut(ns["problem"]))
        self.assertEqual((ns["bad"]["code"], ns["bad"]["exit_code"]), ("SVC_INVALID_INPUT", 3))
        self.assertEqual(ns["best"]["energy"], -2)
        self.assertTrue(ns["check"]["ok"])
        self.assertEqual(ns["final"]["cut_value"], ns["result"]["cut_value"])
        self.assertEqual(ns["binary"]["cut_value"], ns["result"]["cut_value"])
        self.assertEqual(ns["d"]["mode"], "live")
        self.assertFalse(svc_client.is_error(ns["extra"]), ns["extra"])
        printed = out.getvalue()
        self.assertIn("SVC_INVALID_INPUT 422 False 3", printed)
        self.assertIn("certified optimum", printed)

    def test_root_readme_python_section_runs_as_written(self):
        server = shared_server()
        blocks = python_blocks(ROOT_README)
        self.assertEqual(len(blocks), 1)
        ns: dict = {"__name__": "root_readme"}
        out = io.StringIO()
        with server_env(server), contextlib.redirect_stdout(out):
            exec(compile(blocks[0], "README.md (root) python block", "exec"), ns)
        self.assertEqual(ns["result"]["cut_value"], brute_max_cut(ns["problem"]))
        self.assertIn("4 certified optimum (proven by exhaustion)", out.getvalue())
        self.assertIn("SVC_INVALID_INPUT 3", out.getvalue())


if __name__ == "__main__":
    unittest.main()
