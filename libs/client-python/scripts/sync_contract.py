"""Regenerates src/svc_client/_contract.json from libs/errors and libs/contracts.

Run after a change to the TypeScript error catalogue or command list:
    python3 libs/client-python/scripts/sync_contract.py
"""
from __future__ import annotations

import json
from pathlib import Path

from contract_dump import dump

TARGET = Path(__file__).resolve().parents[1] / "src" / "svc_client" / "_contract.json"

if __name__ == "__main__":
    TARGET.write_text(json.dumps(dump()["contract"], indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {TARGET}")
