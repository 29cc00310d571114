"""Runs the whole suite like `python3 -m unittest discover` and, when SVC_TEST_RESULTS is set,
writes `unittest-client-python.json` ({passed, failed, skipped}) there for `npm test`.

    python3 libs/client-python/tests/run.py      # from anywhere; exit 1 on any failure
"""
import json
import os
import sys
import unittest
from pathlib import Path

LIB = Path(__file__).resolve().parents[1]


def main() -> int:
    sys.path[:0] = [str(LIB / "src"), str(LIB)]
    suite = unittest.defaultTestLoader.discover(start_dir=str(LIB / "tests"), top_level_dir=str(LIB))
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    # A test whose subtests fail several times is still one failed test.
    failing = {getattr(t, "test_case", t).id() for t, _ in result.failures + result.errors}
    failed = len(failing) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped)
    passed = result.testsRun - failed - skipped - len(result.expectedFailures)
    out_dir = os.environ.get("SVC_TEST_RESULTS")
    if out_dir:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        (Path(out_dir) / "unittest-client-python.json").write_text(
            json.dumps({"passed": passed, "failed": failed, "skipped": skipped}) + "\n", encoding="utf-8")
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
