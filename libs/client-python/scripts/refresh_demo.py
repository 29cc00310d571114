"""Rewrites src/svc_client/_demo.json: the demo problem solved by a running service.

    SVC_BASE_URL=http://127.0.0.1:8080 PYTHONPATH=libs/client-python/src python3 libs/client-python/scripts/refresh_demo.py

The answer is kept only when it is certified and its cut re-computes locally.
"""
from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

import svc_client
from svc_client.demo import local_check

TARGET = Path(__file__).resolve().parents[1] / "src" / "svc_client" / "_demo.json"

PROBLEM = {
    "description": "Split ten warehouses into two regions so that the most shipping volume crosses regions.",
    "n": 10,
    "edges": [
        [0, 1, 4], [0, 2, 3], [0, 5, 2], [1, 2, 5], [1, 3, 1], [1, 6, 3], [2, 4, 2], [2, 7, 4],
        [3, 4, 6], [3, 8, 2], [4, 5, 3], [4, 9, 1], [5, 6, 4], [6, 7, 2], [6, 9, 5], [7, 8, 3],
        [8, 9, 4], [5, 9, 2],
    ],
}

if __name__ == "__main__":
    result = svc_client.maxcut(PROBLEM, effort="medium", seed=0)
    if svc_client.is_error(result):
        sys.exit(f"solve failed: {result['code']}: {result['detail']}")
    check = local_check(PROBLEM, result)
    if not check["ok"] or not str(result.get("certainty", "")).startswith("certified"):
        sys.exit(f"refusing to bundle an unverified result: {check}, certainty {result.get('certainty')!r}")
    demo = {
        "command": "maxcut", "problem": PROBLEM, "effort": "medium", "seed": 0, "result": result,
        "precomputed": {
            "at": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "engine": result.get("engine"), "version": result.get("version"), "receipt": result.get("receipt"),
            "verification": "certified by the service (exhaustive search); cut re-computed locally",
        },
    }
    TARGET.write_text(json.dumps(demo, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {TARGET}: cut_value {result['cut_value']}")
