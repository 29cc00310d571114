"""The contract facts mirrored from the TypeScript sources (`_contract.json`, see scripts/sync_contract.py)."""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

CONTRACT: dict[str, Any] = json.loads(
    resources.files("svc_client").joinpath("_contract.json").read_text(encoding="utf-8")
)

#: The 25 commands of the service, in the service's order.
COMMANDS: tuple[str, ...] = tuple(CONTRACT["commands"])

#: One-line purpose of every command (interface §1).
PURPOSES: dict[str, str] = CONTRACT["purposes"]

#: "served", or "not available yet" for a command this version of the service does not solve.
STATUS: dict[str, str] = CONTRACT["status"]
