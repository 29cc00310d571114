"""Shared test fixtures: the real server, a scriptable stub server, a fake clock."""
import sys
from pathlib import Path

# Test the source tree, not whatever svc_client may be installed.
_SRC = str(Path(__file__).resolve().parents[2] / "src")
if _SRC not in sys.path:
    sys.path.insert(0, _SRC)

from .clock import FakeClock  # noqa: E402
from .real_server import WORKSPACE, RealServer, shared_server  # noqa: E402
from .stub_server import StubServer, json_reply, problem_reply  # noqa: E402
from .brute_force import brute_max_cut, brute_min_qubo  # noqa: E402

__all__ = ["FakeClock", "RealServer", "shared_server", "WORKSPACE", "StubServer", "json_reply", "problem_reply",
           "brute_max_cut", "brute_min_qubo"]
