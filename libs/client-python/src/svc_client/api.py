"""Module-level functions: one per command and per helper operation, each on a default `Client`
(or the `client=` given). Every function returns a dict; a remote fault is the problem document
with `code`, `retryable` and `exit_code`, never an exception."""
from __future__ import annotations

import os
import threading
from typing import Any, Callable, Mapping, Optional, Sequence

from ._internal.contract import COMMANDS, PURPOSES, STATUS
from .client import DEFAULT_BASE_URL, Client, Result, Wait
from .errors import local_error

_ENV_KEYS = ("SVC_BASE_URL", "SVC_API_KEY", "SVC_AGENT", "SVC_AGENT_MODEL")
_lock = threading.Lock()
_configured: Optional[Client] = None
_from_env: Optional[tuple[tuple[Optional[str], ...], Client]] = None


def configure(client: Optional[Client] = None, **options: Any) -> Client:
    """Sets the default client: the one given, or `Client(**options)`. Returns it."""
    global _configured
    c = client if client is not None else Client(**options)
    with _lock:
        _configured = c
    return c


def reset_default_client() -> None:
    """Forgets `configure()`; the default client follows the environment again."""
    global _configured, _from_env
    with _lock:
        _configured, _from_env = None, None


def default_client() -> Client:
    """The configured client, else one built from the environment (rebuilt when it changes).

    Raises ValueError when `SVC_BASE_URL` is not a usable URL.
    """
    global _from_env
    with _lock:
        if _configured is not None:
            return _configured
        snapshot = tuple(os.environ.get(k) for k in _ENV_KEYS)
        if _from_env is None or _from_env[0] != snapshot:
            _from_env = (snapshot, Client())
        return _from_env[1]


def _call(client: Optional[Client], op: Callable[[Client], Result]) -> Result:
    if client is not None:
        if not isinstance(client, Client):
            raise TypeError("client must be a svc_client.Client")
        return op(client)
    try:
        c = default_client()
    except ValueError as e:
        # No client, so no configured service: its documents link the default one's reference pages.
        return local_error("SVC_CONFIG_INVALID", str(e), docs_url=DEFAULT_BASE_URL)
    return op(c)


# --- solving -------------------------------------------------------------------------------------

def solve(command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None, seed: Optional[int] = None,
          max_latency_ms: Optional[int] = None, version: Optional[str] = None,
          idempotency_key: Optional[str] = None, wait: Wait = True, client: Optional[Client] = None,
          certificate: Optional[str] = None) -> Result:
    """Solves `problem` with `command` (`POST /api/v1/solve/<command>`); see `Client.solve`."""
    return _call(client, lambda c: c.solve(command, problem, effort=effort, seed=seed, max_latency_ms=max_latency_ms,
                                           version=version, idempotency_key=idempotency_key, wait=wait,
                                           certificate=certificate))


def compute(problem: Mapping[str, Any], *, effort: Optional[str] = None, seed: Optional[int] = None,
            max_latency_ms: Optional[int] = None, version: Optional[str] = None,
            idempotency_key: Optional[str] = None, wait: Wait = True, client: Optional[Client] = None,
            certificate: Optional[str] = None) -> Result:
    """`POST /api/v1/compute`: the service routes the problem to a command by its shape."""
    return _call(client, lambda c: c.compute(problem, effort=effort, seed=seed, max_latency_ms=max_latency_ms,
                                             version=version, idempotency_key=idempotency_key, wait=wait,
                                             certificate=certificate))


def compute_binary(command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None,
                   seed: Optional[int] = None, max_latency_ms: Optional[int] = None, version: Optional[str] = None,
                   idempotency_key: Optional[str] = None, wait: Wait = True, fallback_json: bool = True,
                   client: Optional[Client] = None) -> Result:
    """`POST /api/v1/compute/binary` with SVCB bytes (integer optimize/maxcut); JSON fallback otherwise."""
    return _call(client, lambda c: c.compute_binary(
        command, problem, effort=effort, seed=seed, max_latency_ms=max_latency_ms, version=version,
        idempotency_key=idempotency_key, wait=wait, fallback_json=fallback_json))


def _command_function(command: str) -> Callable[..., Result]:
    def fn(problem: Mapping[str, Any], *, effort: Optional[str] = None, seed: Optional[int] = None,
           max_latency_ms: Optional[int] = None, version: Optional[str] = None,
           idempotency_key: Optional[str] = None, wait: Wait = True, client: Optional[Client] = None,
           certificate: Optional[str] = None) -> Result:
        return solve(command, problem, effort=effort, seed=seed, max_latency_ms=max_latency_ms, version=version,
                     idempotency_key=idempotency_key, wait=wait, client=client, certificate=certificate)

    fn.__name__ = fn.__qualname__ = command.replace("-", "_")
    fn.__doc__ = (f"Solves `{command}` ({PURPOSES[command]}); same options as `solve`." if STATUS[command] == "served"
                  else f"`{command}` ({PURPOSES[command]}) is not available yet: the service answers 404 SVC_UNSUPPORTED.")
    fn.__module__ = "svc_client"
    return fn


#: Function name (`-` → `_`) → function, one per command.
COMMAND_FUNCTIONS: dict[str, Callable[..., Result]] = {
    c.replace("-", "_"): _command_function(c) for c in COMMANDS
}
globals().update(COMMAND_FUNCTIONS)


# --- free helpers --------------------------------------------------------------------------------

def analyze(command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None, seed: Optional[int] = None,
            max_latency_ms: Optional[int] = None, version: Optional[str] = None,
            client: Optional[Client] = None) -> Result:
    """Free preflight (`POST /api/v1/analyze/<command>`): validity, difficulty, effort, cost."""
    return _call(client, lambda c: c.analyze(command, problem, effort=effort, seed=seed,
                                             max_latency_ms=max_latency_ms, version=version))


def estimate(command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None, seed: Optional[int] = None,
             max_latency_ms: Optional[int] = None, version: Optional[str] = None,
             client: Optional[Client] = None) -> Result:
    """Free preflight through the `estimate` alias."""
    return _call(client, lambda c: c.estimate(command, problem, effort=effort, seed=seed,
                                              max_latency_ms=max_latency_ms, version=version))


def preflight(command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None, seed: Optional[int] = None,
              max_latency_ms: Optional[int] = None, version: Optional[str] = None,
              client: Optional[Client] = None) -> Result:
    """Free preflight through the `preflight` alias."""
    return _call(client, lambda c: c.preflight(command, problem, effort=effort, seed=seed,
                                               max_latency_ms=max_latency_ms, version=version))


def route(problem: Mapping[str, Any], *, client: Optional[Client] = None) -> Result:
    """Ranked command candidates for a bare problem (`POST /api/v1/route`)."""
    return _call(client, lambda c: c.route(problem))


def verify(command: str, problem: Mapping[str, Any], answer: Any, *, client: Optional[Client] = None) -> Result:
    """Free service re-check of `answer` for `problem` → `{ok, checks, objective}`."""
    return _call(client, lambda c: c.verify(command, problem, answer))


def formulate(command: str, *, client: Optional[Client] = None) -> Result:
    """The mapping worksheet of a command."""
    return _call(client, lambda c: c.formulate(command))


def capabilities(*, client: Optional[Client] = None) -> Result:
    """Every command with its exact input schema."""
    return _call(client, lambda c: c.capabilities())


def schema(command: str, *, client: Optional[Client] = None) -> Result:
    """One command's capabilities entry (`input_schema`, `output_schema`, limits)."""
    return _call(client, lambda c: c.schema(command))


def examples(*, client: Optional[Client] = None) -> Result:
    """Engine-verified example recipes."""
    return _call(client, lambda c: c.examples())


def models(*, client: Optional[Client] = None) -> Result:
    """Pinnable model versions."""
    return _call(client, lambda c: c.models())


def pricing(*, client: Optional[Client] = None) -> Result:
    """Public plans and metering."""
    return _call(client, lambda c: c.pricing())


def sandbox(*, client: Optional[Client] = None) -> Result:
    """The public sandbox token and its limits."""
    return _call(client, lambda c: c.sandbox())


def health(*, client: Optional[Client] = None) -> Result:
    """`GET /healthz`."""
    return _call(client, lambda c: c.health())


def agent_card(*, client: Optional[Client] = None) -> Result:
    """The public agent card."""
    return _call(client, lambda c: c.agent_card())


def openapi(*, client: Optional[Client] = None) -> Result:
    """The OpenAPI 3.1 document."""
    return _call(client, lambda c: c.openapi())


def demo(*, client: Optional[Client] = None) -> Result:
    """Smoke test with a truthful `mode`: `live`, or `offline_precomputed` when the service is unreachable."""
    return _call(client, lambda c: c.demo())


# --- jobs and usage ------------------------------------------------------------------------------

def jobs(job_id: str, *, wait: Wait = False, client: Optional[Client] = None) -> Result:
    """A job's record (`wait=False`), or its followed result (`wait=True` or seconds)."""
    return _call(client, lambda c: c.jobs(job_id, wait=wait))


def cancel(job_id: str, *, client: Optional[Client] = None) -> Result:
    """Cancels a queued or running job."""
    return _call(client, lambda c: c.cancel(job_id))


def usage(*, client: Optional[Client] = None) -> Result:
    """Today's units, alerts and recent jobs."""
    return _call(client, lambda c: c.usage())


def report(*, client: Optional[Client] = None) -> Result:
    """Alias of `usage` (`svc report`)."""
    return _call(client, lambda c: c.report())


# --- accounts and keys ---------------------------------------------------------------------------

def register(email: str, *, client: Optional[Client] = None) -> Result:
    """Registers an account; the initial key is in the answer, shown once."""
    return _call(client, lambda c: c.register(email))


def verify_email(token: str, *, client: Optional[Client] = None) -> Result:
    """Confirms the signed email link's token."""
    return _call(client, lambda c: c.verify_email(token))


def resend_verification(*, client: Optional[Client] = None) -> Result:
    """Sends the verification link again (needs the API key)."""
    return _call(client, lambda c: c.resend_verification())


def keys_list(*, client: Optional[Client] = None) -> Result:
    """The account's keys (needs an API key)."""
    return _call(client, lambda c: c.keys_list())


def keys_create(scopes: Optional[Sequence[str]] = None, *, name: Optional[str] = None,
                client: Optional[Client] = None) -> Result:
    """Creates a key with `scopes` (`solve`, `analyze`, `keys`); the secret is shown once."""
    return _call(client, lambda c: c.keys_create(scopes, name=name))


def keys_revoke(key_id: str, *, client: Optional[Client] = None) -> Result:
    """Revokes a key; it then answers 403 SVC_TOKEN_BLOCKED."""
    return _call(client, lambda c: c.keys_revoke(key_id))
