"""`Client`: the HTTP client of the service. Every method returns a dict and never raises on a
remote fault: a failure is the problem document (interface §2.5) plus `exit_code`."""
from __future__ import annotations

import json
import math
import os
import platform
import random as _random
import re
import threading
import time
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable, Mapping, Optional, Sequence, Union

from . import demo as _demo
from ._internal.backoff import retry_delay_s
from ._internal.transport import Exchange, Request, exchange
from ._internal.contract import COMMANDS, PURPOSES
from .errors import exit_code_for, is_error, is_error_code, local_error
from .svcb import SvcbNotRepresentable, encode_svcb

__version__ = "1.0.0"

#: Default API origin when neither `base_url` nor `SVC_BASE_URL` is given.
DEFAULT_BASE_URL = "http://127.0.0.1:8080"
#: The provenance tag every problem carries (interface §2.1); the client fills it, never `description`.
TAG = "svc-cortex-v1"
#: Canonical effort names and the historical input-only aliases (interface §9).
EFFORTS = ("flash", "medium", "high")
EFFORT_ALIASES = {"low": "medium", "med": "medium", "max": "high"}
#: Path of the public agent card (interface §4 "a well-known agent-card path").
AGENT_CARD_PATH = "/.well-known/svc-agent-card.json"

_POLL_WAIT_MAX_S = 30
_POLL_MIN_GAP_S = 1.0
_UA_TOKEN = re.compile(r"[^A-Za-z0-9._+-]")

Result = dict[str, Any]
Wait = Union[bool, int, float]


def with_tag(problem: Mapping[str, Any]) -> dict[str, Any]:
    """The problem with `tag` set when absent; an existing `tag` (even a wrong one) is left for the service."""
    if "tag" in problem:
        return dict(problem)
    return {"tag": TAG, **problem}


def normalize_effort(name: str) -> Optional[str]:
    """Maps an effort name or historical alias to its canonical name; None when unknown."""
    n = name.strip().lower()
    return n if n in EFFORTS else EFFORT_ALIASES.get(n)


def _ua_token(s: str) -> str:
    return _UA_TOKEN.sub("-", s.strip())[:64]


def default_user_agent(agent_family: Optional[str] = None, agent_model: Optional[str] = None) -> str:
    """A descriptive User-Agent (some CDN edges block empty or default library ones), e.g.
    `svc-client-python/1.0.0 (python 3.11.7; linux) agent/claude/opus`."""
    ua = f"svc-client-python/{__version__} (python {platform.python_version()}; {platform.system().lower() or 'unknown'})"
    if agent_family:
        ua += f" agent/{_ua_token(agent_family)}" + (f"/{_ua_token(agent_model)}" if agent_model else "")
    return ua


def _resolve_base_url(raw: str) -> str:
    parts = urllib.parse.urlsplit(raw.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"The base URL {raw!r} must be an absolute http or https URL.")
    return raw.strip().rstrip("/")


def _check_int(name: str, value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")


def _check_str(name: str, value: Any) -> None:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}")


def _check_command(command: Any) -> None:
    if not isinstance(command, str) or not command:
        raise TypeError("command must be a non-empty str")


def _check_problem(problem: Any) -> None:
    if not isinstance(problem, Mapping):
        raise TypeError(f"problem must be a mapping (a JSON object), got {type(problem).__name__}")


def _check_wait(wait: Any) -> None:
    if isinstance(wait, bool):
        return
    if not isinstance(wait, (int, float)) or wait < 0:
        raise TypeError("wait must be True, False or a number of seconds >= 0")


class _SameOriginRedirects(urllib.request.HTTPRedirectHandler):
    """Follows redirects only within one origin, so the bearer token never reaches another host."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        if _origin(newurl) != _origin(req.full_url):
            return None  # urllib then surfaces the 3xx itself
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class Client:
    """Holds the base URL, credentials and retry policy; one instance may be shared across threads.

    Without an API key the public sandbox token (`GET /api/v1/sandbox`) is used; when it is
    rejected (`SVC_SANDBOX_CAPABILITY_REJECTED`) it is fetched again once. A production key is
    never put in its place.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        api_key: Optional[str] = None,
        *,
        agent_family: Optional[str] = None,
        agent_model: Optional[str] = None,
        user_agent: Optional[str] = None,
        retries: int = 2,
        retry_base_s: float = 0.25,
        max_retry_wait_s: float = 60.0,
        timeout_s: float = 120.0,
        wait_timeout_s: float = 600.0,
        env: Optional[Mapping[str, str]] = None,
        sleep: Callable[[float], None] = time.sleep,
        random: Callable[[], float] = _random.random,
        monotonic: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        """
        base_url: API origin; default `SVC_BASE_URL`, then DEFAULT_BASE_URL. Raises ValueError if unusable.
        api_key: default `SVC_API_KEY`; without one the sandbox token is used.
        agent_family / agent_model: named in the User-Agent; default `SVC_AGENT` / `SVC_AGENT_MODEL`.
        retries: retries after the first attempt for retryable faults (default 2: 3 attempts).
        max_retry_wait_s: longest single retry wait (default 60 s, the longest Retry-After the service
            sends); a longer Retry-After ends the retries.
        timeout_s: per-attempt HTTP timeout (a timeout is SVC_NETWORK).
        wait_timeout_s: how long `wait=True` follows a queued job before SVC_JOB_WAIT_TIMEOUT.
        sleep, random, monotonic, wall_clock: injectable for tests.
        """
        env = os.environ if env is None else env
        self.base_url = _resolve_base_url(base_url or env.get("SVC_BASE_URL") or DEFAULT_BASE_URL)
        self.api_key = api_key if api_key is not None else (env.get("SVC_API_KEY") or None)
        self.agent_family = agent_family or env.get("SVC_AGENT") or None
        self.agent_model = agent_model or env.get("SVC_AGENT_MODEL") or None
        self.user_agent = user_agent or default_user_agent(self.agent_family, self.agent_model)
        if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
            raise ValueError("retries must be an int >= 0")
        self.retries = retries
        self.retry_base_s = retry_base_s
        self.max_retry_wait_s = max_retry_wait_s
        self.timeout_s = timeout_s
        self.wait_timeout_s = wait_timeout_s
        self._sleep, self._random, self._monotonic, self._wall = sleep, random, monotonic, wall_clock
        self._opener = urllib.request.build_opener(_SameOriginRedirects())
        self._lock = threading.Lock()
        self._sandbox_token: Optional[str] = None

    def __repr__(self) -> str:
        auth = "api key" if self.api_key else "sandbox"
        return f"Client(base_url={self.base_url!r}, auth={auth})"

    # --- plumbing ----------------------------------------------------------------------------

    def _local(self, code: str, detail: str, **extensions: Any) -> Result:
        """A document this client built itself: its `type` links the configured service's reference page."""
        return local_error(code, detail, docs_url=self.base_url, **extensions)

    def _url(self, path: str, query: Optional[Mapping[str, Any]] = None) -> str:
        q = {k: str(v) for k, v in (query or {}).items() if v is not None}
        return f"{self.base_url}{path}" + (f"?{urllib.parse.urlencode(q)}" if q else "")

    def _headers(self, token: Optional[str] = None, extra: Optional[Mapping[str, str]] = None) -> dict[str, str]:
        h = {"User-Agent": self.user_agent, "Accept": "application/json, application/problem+json"}
        if token:
            h["Authorization"] = f"Bearer {token}"
        h.update(extra or {})
        return h

    def _with_retries(self, build: Callable[[], Request]) -> Exchange:
        retry = 0
        while True:
            ex = exchange(self._opener, build(), self.timeout_s, self._wall, self.base_url)
            if ex.ok or retry >= self.retries or not ex.doc.get("retryable"):
                return ex
            # A rejected sandbox token is retried by re-fetching it, never by resending it.
            if ex.doc.get("code") == "SVC_SANDBOX_CAPABILITY_REJECTED":
                return ex
            delay = retry_delay_s(retry, ex.retry_after_s, base_s=self.retry_base_s,
                                  cap_s=self.max_retry_wait_s, random=self._random)
            if delay is None:
                return ex
            self._sleep(delay)
            retry += 1

    def _fetch_sandbox_token(self) -> Union[str, Exchange]:
        ex = self._with_retries(lambda: Request(self._url("/api/v1/sandbox"), "GET", self._headers()))
        if not ex.ok:
            return ex
        token = ex.body.get("token")
        if not isinstance(token, str) or not token:
            return Exchange(False, ex.status, doc=self._local(
                "SVC_NO_CREDENTIALS", "No API key is configured and GET /api/v1/sandbox offered no token."))
        return token

    def _credential(self, rejected: Optional[str] = None) -> Union[tuple[str, str], Exchange]:
        """("key"|"sandbox", token), or the failed Exchange of the sandbox fetch."""
        if self.api_key:
            return ("key", self.api_key)
        with self._lock:
            if self._sandbox_token is not None and self._sandbox_token != rejected:
                return ("sandbox", self._sandbox_token)
            got = self._fetch_sandbox_token()
            if isinstance(got, Exchange):
                return got  # a failed fetch is not cached, so the next call tries again
            self._sandbox_token = got
            return ("sandbox", got)

    def _authed(self, build: Callable[[str], Request]) -> Exchange:
        """An authenticated exchange with retries; a rejected sandbox token is re-fetched once."""
        cred = self._credential()
        if isinstance(cred, Exchange):
            return cred
        kind, token = cred
        ex = self._with_retries(lambda: build(token))
        if kind != "sandbox" or ex.ok or ex.doc.get("code") != "SVC_SANDBOX_CAPABILITY_REJECTED":
            return ex
        fresh = self._credential(rejected=token)
        if isinstance(fresh, Exchange):
            return fresh
        return self._with_retries(lambda: build(fresh[1]))

    def _key_only(self, build: Callable[[str], Request], action: str) -> Exchange:
        """Account operations need a real key; the sandbox token is never used for them."""
        if not self.api_key:
            return Exchange(False, None, doc=self._local(
                "SVC_NO_CREDENTIALS", f"{action} needs an API key: set SVC_API_KEY or pass api_key=."))
        key = self.api_key
        return self._with_retries(lambda: build(key))

    @staticmethod
    def _result(ex: Exchange) -> Result:
        return ex.body if ex.ok else ex.doc

    def _get(self, path: str, query: Optional[Mapping[str, Any]] = None, *, auth: bool = False) -> Result:
        url = self._url(path, query)
        if auth:
            return self._result(self._authed(lambda t: Request(url, "GET", self._headers(t))))
        return self._result(self._with_retries(lambda: Request(url, "GET", self._headers())))

    def _post_json(self, path: str, body: Any, *, auth: str = "any", query: Optional[Mapping[str, Any]] = None,
                   headers: Optional[Mapping[str, str]] = None, action: str = "") -> Exchange:
        """auth: "any" (key or sandbox), "key" (a real key only), "none"."""
        try:
            data = None if body is None else json.dumps(body, separators=(",", ":"), allow_nan=False).encode("utf-8")
        except (TypeError, ValueError) as e:
            return Exchange(False, None, doc=self._local("SVC_INVALID_INPUT", f"The request body cannot be encoded as JSON: {e}."))
        url = self._url(path, query)
        extra = {"Content-Type": "application/json", **(headers or {})} if data is not None else dict(headers or {})

        def build(token: Optional[str]) -> Request:
            return Request(url, "POST", self._headers(token, extra), data)

        if auth == "none":
            return self._with_retries(lambda: build(None))
        if auth == "key":
            return self._key_only(build, action)
        return self._authed(build)

    @staticmethod
    def _solve_query(effort: Optional[str], seed: Optional[int], max_latency_ms: Optional[int],
                     version: Optional[str], certificate: Optional[str] = None) -> dict[str, Any]:
        _check_str("effort", effort)
        _check_int("seed", seed)
        _check_int("max_latency_ms", max_latency_ms)
        _check_str("version", version)
        _check_str("certificate", certificate)
        return {
            "effort": None if effort is None else (normalize_effort(effort) or effort),
            "seed": seed, "max_latency_ms": max_latency_ms, "version": version, "certificate": certificate,
        }

    def _wait_limit(self, wait: Wait) -> Optional[float]:
        if wait is False or wait == 0:
            return None
        return self.wait_timeout_s if wait is True else float(wait)

    def _settle(self, ex: Exchange, wait: Wait) -> Result:
        """A 202 acknowledgement is followed to its end unless `wait` is False."""
        limit = self._wait_limit(wait)
        if ex.ok and ex.status == 202 and limit is not None:
            return self._follow(ex.body, limit)
        return self._result(ex)

    def _job_url(self, job_id: str) -> str:
        return f"{self.base_url}/api/v1/jobs/{urllib.parse.quote(job_id, safe='')}"

    def _follow(self, ack: Mapping[str, Any], limit_s: float) -> Result:
        """Long-polls the job until done, failed or cancelled; never resubmits."""
        job_id = str(ack.get("job_id") or "")
        poll = ack.get("poll")
        if not job_id and not isinstance(poll, str):
            return self._local("SVC_UPSTREAM_INVALID_RESPONSE", "HTTP 202 without a job_id or poll URL.", upstream_status=202)
        poll_url = urllib.parse.urljoin(self.base_url + "/", poll) if isinstance(poll, str) else self._job_url(job_id)
        if _origin(poll_url) != _origin(self.base_url):
            # Credentials go only to the configured origin, whatever host the acknowledgement names.
            if not job_id:
                return self._local("SVC_UPSTREAM_INVALID_RESPONSE",
                                   "HTTP 202 whose poll URL is on another origin and that names no job_id.",
                                   upstream_status=202)
            poll_url = self._job_url(job_id)
        deadline = self._monotonic() + limit_s
        while True:
            remaining = deadline - self._monotonic()
            if remaining <= 0:
                return self._local(
                    "SVC_JOB_WAIT_TIMEOUT",
                    f"Job {job_id} is still running after {round(limit_s)} s; resume with jobs({job_id!r}) "
                    f"(svc jobs {job_id}), or cancel it; do not resubmit.",
                    job_id=job_id, poll=poll_url)
            # The long-poll must end well inside the per-attempt HTTP timeout.
            wait_s = max(1, min(_POLL_WAIT_MAX_S, math.ceil(remaining), math.floor(self.timeout_s) - 1))
            url = _set_query(poll_url, "wait", str(wait_s))
            started = self._monotonic()
            ex = self._authed(lambda t: Request(url, "GET", self._headers(t)))
            if not ex.ok:
                # Whatever went wrong while polling, the job may still run: say which one to resume.
                return {**ex.doc, "job_id": ex.doc.get("job_id", job_id)} if job_id else ex.doc
            job = ex.body
            status = job.get("status")
            if status == "done":
                result = job.get("result")
                if not isinstance(result, dict):
                    return self._local("SVC_UPSTREAM_INVALID_RESPONSE", f"Job {job_id} is done but carries no result.",
                                       upstream_status=ex.status, job_id=job_id)
                return result
            if status == "failed":
                return _job_error(job, job_id, self.base_url)
            if status == "cancelled":
                return self._local("SVC_ERROR", f"Job {job_id} was cancelled before it finished.", job_id=job_id)
            # Still queued or running. A server that answers the long-poll at once must not be hammered.
            gap = _POLL_MIN_GAP_S - (self._monotonic() - started)
            if gap > 0:
                self._sleep(min(gap, max(0.0, deadline - self._monotonic())))

    # --- solving -------------------------------------------------------------------------------

    def solve(self, command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None,
              seed: Optional[int] = None, max_latency_ms: Optional[int] = None, version: Optional[str] = None,
              idempotency_key: Optional[str] = None, wait: Wait = True, certificate: Optional[str] = None) -> Result:
        """`POST /api/v1/solve/<command>`: fills `tag`, sends one Idempotency-Key (reused across
        retries), follows a 202 job to its end unless `wait=False` (a number is the wait limit in s).
        `certificate` is "full" or "none" (docs/certificates.md; default: attached up to 1 MB)."""
        _check_command(command)
        _check_problem(problem)
        _check_str("idempotency_key", idempotency_key)
        _check_wait(wait)
        query = self._solve_query(effort, seed, max_latency_ms, version, certificate)
        key = idempotency_key or str(uuid.uuid4())
        ex = self._post_json(f"/api/v1/solve/{urllib.parse.quote(command, safe='')}", with_tag(problem),
                             query=query, headers={"Idempotency-Key": key})
        return self._settle(ex, wait)

    def compute(self, problem: Mapping[str, Any], *, effort: Optional[str] = None, seed: Optional[int] = None,
                max_latency_ms: Optional[int] = None, version: Optional[str] = None,
                idempotency_key: Optional[str] = None, wait: Wait = True, certificate: Optional[str] = None) -> Result:
        """`POST /api/v1/compute`: the service routes the bare problem to a command by its shape."""
        _check_problem(problem)
        _check_str("idempotency_key", idempotency_key)
        _check_wait(wait)
        query = self._solve_query(effort, seed, max_latency_ms, version, certificate)
        key = idempotency_key or str(uuid.uuid4())
        ex = self._post_json("/api/v1/compute", with_tag(problem), query=query, headers={"Idempotency-Key": key})
        return self._settle(ex, wait)

    def compute_binary(self, command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None,
                       seed: Optional[int] = None, max_latency_ms: Optional[int] = None,
                       version: Optional[str] = None, idempotency_key: Optional[str] = None, wait: Wait = True,
                       fallback_json: bool = True) -> Result:
        """`POST /api/v1/compute/binary` with the problem encoded as SVCB (integer optimize/maxcut).

        A problem SVCB cannot carry is sent as JSON to `solve` when `fallback_json` (the default),
        else a local SVC_INVALID_INPUT document comes back.
        """
        _check_problem(problem)
        _check_str("idempotency_key", idempotency_key)
        _check_wait(wait)
        body_version = problem.get("version")
        try:
            if body_version is not None and version is not None and body_version != version:
                raise SvcbNotRepresentable("the body version and the version argument disagree")
            data = encode_svcb(command, problem)
        except SvcbNotRepresentable as e:
            if fallback_json:
                return self.solve(command, problem, effort=effort, seed=seed, max_latency_ms=max_latency_ms,
                                  version=version, idempotency_key=idempotency_key, wait=wait)
            return self._local("SVC_INVALID_INPUT", f"The problem cannot be sent as SVCB: {e}.")
        query = self._solve_query(effort, seed, max_latency_ms, version if version is not None else body_version)
        url = self._url("/api/v1/compute/binary", query)
        key = idempotency_key or str(uuid.uuid4())
        extra = {"Content-Type": "application/octet-stream", "Idempotency-Key": key}
        ex = self._authed(lambda t: Request(url, "POST", self._headers(t, extra), data))
        return self._settle(ex, wait)

    # --- free helpers ------------------------------------------------------------------------

    def _preflight(self, route: str, command: str, problem: Mapping[str, Any], effort: Optional[str],
                   seed: Optional[int], max_latency_ms: Optional[int], version: Optional[str]) -> Result:
        _check_command(command)
        _check_problem(problem)
        query = self._solve_query(effort, seed, max_latency_ms, version)
        return self._result(self._post_json(f"/api/v1/{route}/{urllib.parse.quote(command, safe='')}",
                                            with_tag(problem), query=query))

    def analyze(self, command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None,
                seed: Optional[int] = None, max_latency_ms: Optional[int] = None,
                version: Optional[str] = None) -> Result:
        """`POST /api/v1/analyze/<command>`: validity, difficulty, recommended effort, cost; free, no solve."""
        return self._preflight("analyze", command, problem, effort, seed, max_latency_ms, version)

    def estimate(self, command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None,
                 seed: Optional[int] = None, max_latency_ms: Optional[int] = None,
                 version: Optional[str] = None) -> Result:
        """`POST /api/v1/estimate/<command>` (alias of analyze); free."""
        return self._preflight("estimate", command, problem, effort, seed, max_latency_ms, version)

    def preflight(self, command: str, problem: Mapping[str, Any], *, effort: Optional[str] = None,
                  seed: Optional[int] = None, max_latency_ms: Optional[int] = None,
                  version: Optional[str] = None) -> Result:
        """`POST /api/v1/preflight/<command>` (alias of analyze); free."""
        return self._preflight("preflight", command, problem, effort, seed, max_latency_ms, version)

    def route(self, problem: Mapping[str, Any]) -> Result:
        """`POST /api/v1/route`: ranked `{command, confidence, why}` candidates for a bare problem; free."""
        _check_problem(problem)
        return self._result(self._post_json("/api/v1/route", with_tag(problem)))

    def verify(self, command: str, problem: Mapping[str, Any], answer: Any) -> Result:
        """`POST /api/v1/verify/<command>` with `{problem, answer}` → `{ok, checks, objective}`; free.

        `answer` is the answer value (the `answer` field of a result), or `{"answer": ...,
        "<objective field>": value}` to have a declared objective checked too. A failed check is
        `ok: false` in a success dict, not an error (the CLI exits 3 for it).
        """
        _check_command(command)
        _check_problem(problem)
        body = {"problem": with_tag(problem), "answer": answer}
        return self._result(self._post_json(f"/api/v1/verify/{urllib.parse.quote(command, safe='')}", body))

    def formulate(self, command: str) -> Result:
        """`GET /api/v1/formulate/<command>`: the mapping worksheet; free."""
        _check_command(command)
        return self._get(f"/api/v1/formulate/{urllib.parse.quote(command, safe='')}")

    def capabilities(self) -> Result:
        """`GET /api/v1/capabilities`: every command with its exact input schema."""
        return self._get("/api/v1/capabilities")

    def schema(self, command: str) -> Result:
        """The capabilities entry of one command (`input_schema`, `output_schema`, limits, ...).

        A command without a schema in this version is a local SVC_UNSUPPORTED document.
        """
        _check_command(command)
        caps = self.capabilities()
        if is_error(caps):
            return caps
        for entry in caps.get("commands") or []:
            if isinstance(entry, dict) and entry.get("name") == command:
                return entry
        others = [c.get("name") for c in caps.get("other_commands") or [] if isinstance(c, dict)]
        reason = "has no schema in this version" if command in others else "is not a command of the service"
        return self._local("SVC_UNSUPPORTED", f"{command!r} {reason}; see capabilities().", field="command")

    def examples(self) -> Result:
        """`GET /api/v1/examples`: engine-verified example recipes."""
        return self._get("/api/v1/examples")

    def models(self) -> Result:
        """`GET /api/v1/models`: pinnable model versions and aliases."""
        return self._get("/api/v1/models")

    def pricing(self) -> Result:
        """`GET /api/v1/pricing`: plans and metering, including the live sandbox cap."""
        return self._get("/api/v1/pricing")

    def sandbox(self) -> Result:
        """`GET /api/v1/sandbox`: the public sandbox token and its limits."""
        return self._get("/api/v1/sandbox")

    def health(self) -> Result:
        """`GET /healthz`."""
        return self._get("/healthz")

    def agent_card(self) -> Result:
        """The public agent card (zero-credential contract, sandbox limits)."""
        return self._get(AGENT_CARD_PATH)

    def openapi(self) -> Result:
        """`GET /api/v1/openapi.json`: the OpenAPI 3.1 document."""
        return self._get("/api/v1/openapi.json")

    def demo(self) -> Result:
        """A smoke test: the bundled demo problem solved live (`mode: "live"`), or, when the
        service is unreachable, the bundled precomputed verified result (`mode: "offline_precomputed"`)."""
        return _demo.run(self)

    # --- jobs ------------------------------------------------------------------------------------

    def jobs(self, job_id: str, *, wait: Wait = False) -> Result:
        """`GET /api/v1/jobs/{id}`. `wait=False`: the job record as it is now. `wait=True` (or a
        number of seconds): follow it like a solve and return its result (or its error)."""
        _check_str("job_id", job_id)
        if not job_id:
            raise ValueError("job_id is required")
        _check_wait(wait)
        limit = self._wait_limit(wait)
        if limit is None:
            url = self._job_url(job_id)
            return self._result(self._authed(lambda t: Request(url, "GET", self._headers(t))))
        return self._follow({"job_id": job_id}, limit)

    def cancel(self, job_id: str) -> Result:
        """`POST /api/v1/jobs/{id}/cancel`."""
        _check_str("job_id", job_id)
        if not job_id:
            raise ValueError("job_id is required")
        return self._result(self._post_json(f"/api/v1/jobs/{urllib.parse.quote(job_id, safe='')}/cancel", None))

    def usage(self) -> Result:
        """`GET /api/v1/usage`: today's units, alerts and recent jobs."""
        return self._get("/api/v1/usage", auth=True)

    report = usage

    # --- accounts and keys -------------------------------------------------------------------

    def register(self, email: str) -> Result:
        """`POST /api/v1/accounts`: the initial key is shown once; solving is 403 until the email is verified."""
        _check_str("email", email)
        return self._result(self._post_json("/api/v1/accounts", {"email": email}, auth="none"))

    def verify_email(self, token: str) -> Result:
        """`POST /api/v1/email/verify` with the token of the signed link."""
        _check_str("token", token)
        return self._result(self._post_json("/api/v1/email/verify", {"token": token}, auth="none"))

    def resend_verification(self) -> Result:
        """`POST /api/v1/email/verification-notification`: sends the verification link again (needs the key)."""
        return self._result(self._post_json("/api/v1/email/verification-notification", None, auth="key",
                                            action="resend_verification"))

    def keys_list(self) -> Result:
        """`GET /api/v1/keys` (needs an API key)."""
        url = self._url("/api/v1/keys")
        return self._result(self._key_only(lambda k: Request(url, "GET", self._headers(k)), "keys_list"))

    def keys_create(self, scopes: Optional[Sequence[str]] = None, *, name: Optional[str] = None) -> Result:
        """`POST /api/v1/keys`; scopes from `solve`, `analyze`, `keys` (default: the service's). The secret is shown once."""
        if scopes is not None and (isinstance(scopes, str) or not all(isinstance(s, str) for s in scopes)):
            raise TypeError("scopes must be a sequence of str")
        _check_str("name", name)
        body: dict[str, Any] = {}
        if scopes is not None:
            body["scopes"] = list(scopes)
        if name is not None:
            body["name"] = name
        return self._result(self._post_json("/api/v1/keys", body, auth="key", action="keys_create"))

    def keys_revoke(self, key_id: str) -> Result:
        """`DELETE /api/v1/keys/<id>`."""
        _check_str("key_id", key_id)
        if not key_id:
            raise ValueError("key_id is required")
        url = self._url(f"/api/v1/keys/{urllib.parse.quote(key_id, safe='')}")
        return self._result(self._key_only(lambda k: Request(url, "DELETE", self._headers(k)), "keys_revoke"))


def _origin(url: str) -> tuple[str, str]:
    parts = urllib.parse.urlsplit(url)
    return (parts.scheme.lower(), parts.netloc.lower())


def _set_query(url: str, name: str, value: str) -> str:
    parts = urllib.parse.urlsplit(url)
    q = [(k, v) for k, v in urllib.parse.parse_qsl(parts.query, keep_blank_values=True) if k != name]
    q.append((name, value))
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(q)))


def _job_error(job: Mapping[str, Any], job_id: str, docs_url: str) -> Result:
    remote = job.get("error")
    if isinstance(remote, dict) and is_error_code(remote.get("code")) and isinstance(remote.get("retryable"), bool):
        return {**remote, "exit_code": exit_code_for(remote["code"])}
    return local_error("SVC_INTERNAL", f"Job {job_id} failed without an error document; it was not charged.", docs_url=docs_url, job_id=job_id)


def _command_method(command: str) -> Callable[..., Result]:
    def method(self: Client, problem: Mapping[str, Any], *, effort: Optional[str] = None, seed: Optional[int] = None,
               max_latency_ms: Optional[int] = None, version: Optional[str] = None,
               idempotency_key: Optional[str] = None, wait: Wait = True) -> Result:
        return self.solve(command, problem, effort=effort, seed=seed, max_latency_ms=max_latency_ms,
                          version=version, idempotency_key=idempotency_key, wait=wait)

    method.__name__ = method.__qualname__ = command.replace("-", "_")
    method.__doc__ = f"`POST /api/v1/solve/{command}`: {PURPOSES[command]}. Same options as `solve`."
    return method


for _command in COMMANDS:
    setattr(Client, _command.replace("-", "_"), _command_method(_command))
del _command
