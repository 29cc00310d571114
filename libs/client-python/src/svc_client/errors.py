"""The `SVC_` error catalogue (interface §7) and the exit-code contract, as the client sees them.

The data lives in `_contract.json`, generated from `libs/errors` by
`scripts/sync_contract.py`; a test keeps the two equal, document for document.
"""
from __future__ import annotations

from typing import Any, Mapping

from ._internal.contract import CONTRACT as _CONTRACT

#: Every catalogue code with its facts: http, retryable, retry_after, title, help, agent_fix_prompt, actions, exit_code.
ERRORS: dict[str, dict[str, Any]] = _CONTRACT["errors"]

#: Exit codes of commands.md "CLI exit codes".
EXIT_OK, EXIT_RETRYABLE, EXIT_AUTH, EXIT_VALIDATION = 0, 1, 2, 3

# Actions that need a person (mirrors HUMAN_ACTIONS in libs/errors/src/svc-error.ts).
_HUMAN_ACTIONS = frozenset({"register_key", "verify_email", "upgrade_plan", "upgrade_cli", "mint_new_key", "contact_support"})


def is_error_code(code: object) -> bool:
    """True when `code` is a code of the catalogue."""
    return isinstance(code, str) and code in ERRORS


def exit_code_for(code: str) -> int:
    """The CLI exit code of a catalogue code (0 is never returned: every code is a failure)."""
    return ERRORS[code]["exit_code"]


def local_error(code: str, detail: str, *, docs_url: str, **extensions: Any) -> dict[str, Any]:
    """A problem document built by the client (network faults, bad bodies, job waits), with `exit_code`.

    Same shape as the service's documents (RFC 9457 plus the interface §2.5 fields), but no response
    carried it: `status` only for a CLI-local code the catalogue gives one (408, 402, 426). Its `type`
    is the reference page of the service the client is configured for: `<docs_url>/errors/<CODE>`
    (docs_url: the client's base URL), as the TypeScript client and svc write it.
    """
    spec = ERRORS[code]
    actions = []
    for action in spec["actions"]:
        step: dict[str, Any] = {"action": action, "requires_human_approval": action in _HUMAN_ACTIONS}
        if action == "retry" and spec["retry_after"] is not None:
            step["after_seconds"] = spec["retry_after"]
        actions.append(step)
    doc: dict[str, Any] = {
        **extensions,
        "type": f"{docs_url.rstrip('/')}/errors/{code}",
        "title": spec["title"],
        # No response carried it: no HTTP status, but a CLI-local code keeps the catalogue's (408, 402, 426).
        **({"status": spec["http"]} if spec["cli_local"] and spec["http"] is not None else {}),
        "detail": detail,
        "code": code,
        "retryable": spec["retryable"],
        "help": spec["help"],
        "agent_fix_prompt": spec["agent_fix_prompt"],
        "next_actions": actions,
        "error": {"code": code, "message": detail, "retryable": spec["retryable"], "help": spec["help"]},
    }
    if spec["retry_after"] is not None:
        doc["retry_after"] = spec["retry_after"]
    doc["exit_code"] = exit_code_for(code)
    return doc


def is_error(result: object) -> bool:
    """True when a client result is a problem document (a failure), False for a success dict."""
    return (
        isinstance(result, Mapping)
        and is_error_code(result.get("code"))
        and isinstance(result.get("retryable"), bool)
        and isinstance(result.get("exit_code"), int)
    )


def exit_code_of(result: object) -> int:
    """0 for a success dict, else the document's `exit_code` (commands.md "CLI exit codes")."""
    return int(result["exit_code"]) if is_error(result) else EXIT_OK  # type: ignore[index]
