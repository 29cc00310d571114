"""The package installs offline (`pip install --no-build-isolation`) with its data files, and
`python3 -m svc_client --help` works from the installed copy."""
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import svc_client

LIB = Path(__file__).resolve().parents[1]
HAVE_TOOLS = importlib.util.find_spec("pip") is not None


@unittest.skipUnless(HAVE_TOOLS, "pip is needed to install the package")
class InstallTest(unittest.TestCase):
    def test_offline_install_ships_code_data_and_entry_point(self):
        with tempfile.TemporaryDirectory(prefix="svc-pyinstall-") as tmp:
            # Build from a copy so no build/ or egg-info lands in the source tree.
            src = Path(tmp) / "src-copy"
            shutil.copytree(LIB, src, ignore=shutil.ignore_patterns("tests", "__pycache__", "build", "*.egg-info"))
            target = Path(tmp) / "site"
            env = {**os.environ, "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
            p = subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "-q",
                                "--target", str(target), str(src)], capture_output=True, text=True, env=env, timeout=300)
            self.assertEqual(p.returncode, 0, p.stderr)
            pkg = target / "svc_client"
            for name in ("__init__.py", "__main__.py", "_contract.json", "_demo.json", "py.typed"):
                self.assertTrue((pkg / name).exists(), name)
            run_env = {**os.environ, "PYTHONPATH": str(target)}
            p = subprocess.run([sys.executable, "-m", "svc_client", "--help"], capture_output=True, text=True,
                               env=run_env, cwd=tmp, timeout=60)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("maxcut", p.stdout)
            p = subprocess.run([sys.executable, "-c", "import json, svc_client; print(json.dumps("
                                "[svc_client.__file__, len(svc_client.COMMANDS), svc_client.quantum_scale.__name__]))"],
                               capture_output=True, text=True, env=run_env, cwd=tmp, timeout=60)
            where, count, name = json.loads(p.stdout)
            self.assertTrue(where.startswith(str(target)), where)
            self.assertEqual((count, name), (len(svc_client.COMMANDS), "quantum_scale"))


if __name__ == "__main__":
    unittest.main()
