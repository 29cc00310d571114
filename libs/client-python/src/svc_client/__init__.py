"""svc_client: the standard-library Python client of the decision-solver service.

Every function returns a dict. A remote fault is never raised: it comes back as the service's
problem document (interface §2.5) with `code`, `retryable` and an added `exit_code`
(1 retryable, 2 auth, 3 validation); `is_error(result)` tells the two apart. Solving always
runs on the service.

    import svc_client
    r = svc_client.maxcut({"description": "Split four offices into two teams.",
                           "n": 4, "edges": [[0, 1, 1], [1, 2, 1], [2, 3, 1], [3, 0, 1]]})
    if svc_client.is_error(r):
        print(r["code"], r["detail"])
    else:
        print(r["cut_value"], r["certainty"])
"""
from ._internal.contract import COMMANDS, PURPOSES
from .api import (
    COMMAND_FUNCTIONS, agent_card, analyze, cancel, capabilities, compute, compute_binary, configure,
    default_client, demo, estimate, examples, formulate, health, jobs, keys_create, keys_list, keys_revoke,
    models, openapi, preflight, pricing, register, report, resend_verification, reset_default_client, route,
    sandbox, schema, solve, usage, verify, verify_email,
)
from .client import (
    AGENT_CARD_PATH, DEFAULT_BASE_URL, EFFORT_ALIASES, EFFORTS, TAG, Client, __version__, default_user_agent,
    normalize_effort, with_tag,
)
from .errors import (
    ERRORS, EXIT_AUTH, EXIT_OK, EXIT_RETRYABLE, EXIT_VALIDATION, exit_code_for, exit_code_of, is_error, local_error,
)
from .certificates import check_certificate
from .rounding import check_precision
from .svcb import SvcbNotRepresentable, decode_svcb, encode_svcb

# One function per command: optimize, maxcut, ..., quantum_scale (`-` becomes `_`).
globals().update(COMMAND_FUNCTIONS)

__all__ = [
    "Client", "configure", "default_client", "reset_default_client",
    "solve", "compute", "compute_binary", *COMMAND_FUNCTIONS,
    "analyze", "estimate", "preflight", "route", "verify", "formulate", "capabilities", "schema", "examples",
    "models", "pricing", "sandbox", "health", "agent_card", "openapi", "demo",
    "jobs", "cancel", "usage", "report",
    "register", "verify_email", "resend_verification", "keys_list", "keys_create", "keys_revoke",
    "is_error", "exit_code_of", "exit_code_for", "local_error", "ERRORS",
    "EXIT_OK", "EXIT_RETRYABLE", "EXIT_AUTH", "EXIT_VALIDATION",
    "encode_svcb", "decode_svcb", "SvcbNotRepresentable", "check_certificate", "check_precision",
    "COMMANDS", "PURPOSES", "TAG", "EFFORTS", "EFFORT_ALIASES", "DEFAULT_BASE_URL", "AGENT_CARD_PATH",
    "normalize_effort", "with_tag", "default_user_agent", "__version__",
]
