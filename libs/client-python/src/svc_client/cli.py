"""`python3 -m svc_client`: every function of the package from the command line.

Prints the result dict as JSON on stdout (problem documents too) and exits with the
commands.md exit code: 0 success, 1 retryable fault, 2 auth, 3 validation (a bad flag, a
failed `verify`; `verify <command> --local` checks a certificate on this machine, exit 3 when refused).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import Any, Callable, NoReturn, Optional, Sequence, TextIO

from ._internal.contract import COMMANDS, PURPOSES
from .certificates import check_certificate
from .client import DEFAULT_BASE_URL, Client, __version__
from .errors import EXIT_VALIDATION, exit_code_of, local_error
from .rounding import check_precision


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    # argparse exits 2 on a bad flag; the contract says 3 (SVC_CLIENT).
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message}")


def _solve_flags(p: argparse.ArgumentParser, *, solve: bool = True) -> None:
    p.add_argument("--input", "-i", metavar="FILE", help="JSON problem file ('-' or omitted: stdin)")
    p.add_argument("--effort", metavar="flash|medium|high", help="effort level (aliases low, med, max)")
    p.add_argument("--seed", type=int, help="seed for reproducibility")
    p.add_argument("--max-latency-ms", type=int, metavar="MS", help="wall-clock budget of the whole call in ms, within it plus max(200 ms, 3 %%) (0: none)")
    p.add_argument("--model", metavar="VERSION", help="pin a model version")
    if solve:
        p.add_argument("--idempotency-key", metavar="KEY", help="default: a fresh UUID per call")
        p.add_argument("--no-wait", action="store_true", help="return the 202 acknowledgement of a queued job")
        p.add_argument("--wait-timeout", type=float, metavar="S", help="follow a queued job at most S seconds (default 600)")


def _build() -> argparse.ArgumentParser:
    top = _Parser(prog="python3 -m svc_client", description=(
        "Call the decision-solver service. Prints JSON; exit 0 success, 1 retryable fault, 2 auth, 3 validation. "
        "Reads SVC_BASE_URL (default http://127.0.0.1:8080) and SVC_API_KEY (else the public sandbox token)."))
    top.add_argument("--version", action="version", version=f"svc_client {__version__}")
    top.add_argument("--base-url", metavar="URL", help="API origin (default SVC_BASE_URL)")
    top.add_argument("--agent", metavar="FAMILY", help="agent family named in the User-Agent (default SVC_AGENT)")
    top.add_argument("--agent-model", metavar="MODEL", help="agent model named in the User-Agent")
    top.add_argument("--compact", action="store_true", help="one-line JSON")
    sub = top.add_subparsers(dest="op", metavar="<operation>", parser_class=_Parser)

    p = sub.add_parser("solve", help="solve <command>: the long form of every command")
    p.add_argument("command", help="one of: " + ", ".join(COMMANDS))
    _solve_flags(p)
    for c in COMMANDS:
        _solve_flags(sub.add_parser(c, help=PURPOSES[c]))
    p = sub.add_parser("compute", help="auto-route a bare problem to a command by its shape")
    _solve_flags(p)
    p = sub.add_parser("compute-binary", help="send an integer optimize/maxcut problem as SVCB bytes")
    p.add_argument("command", choices=["optimize", "maxcut"])
    _solve_flags(p)
    p.add_argument("--no-fallback", action="store_true", help="fail instead of sending JSON when SVCB cannot carry it")
    for name in ("analyze", "estimate", "preflight"):
        p = sub.add_parser(name, help="free preflight: validity, difficulty, recommended effort, cost")
        p.add_argument("command")
        _solve_flags(p, solve=False)
    p = sub.add_parser("route", help="command candidates for a bare problem")
    p.add_argument("--input", "-i", metavar="FILE")
    p = sub.add_parser("verify", help="free re-check of {problem, answer} (exit 3 when a check fails)")
    p.add_argument("command")
    p.add_argument("--input", "-i", metavar="FILE", help="JSON {problem, answer[, certificate]} ('-' or omitted: stdin)")
    p.add_argument("--local", action="store_true",
                   help="no network: check the certificate (the answer's, or `certificate`) with check_certificate; "
                        "precision: the rounding with check_precision")
    for name in ("formulate", "schema"):
        sub.add_parser(name, help=f"{name} <command>").add_argument("command")
    for name, text in (("capabilities", "every command and its input schema"), ("examples", "verified example recipes"),
                       ("models", "pinnable model versions"), ("pricing", "plans and metering"),
                       ("sandbox", "the public sandbox token and limits"), ("health", "GET /healthz"),
                       ("agent-card", "the public agent card"), ("openapi", "the OpenAPI document"),
                       ("demo", "smoke test; mode live or offline_precomputed"),
                       ("usage", "today's units, alerts, recent jobs"), ("report", "alias of usage"),
                       ("resend-verification", "send the verification link again")):
        sub.add_parser(name, help=text)
    p = sub.add_parser("jobs", help="show a job, or follow it with --wait")
    p.add_argument("job_id")
    p.add_argument("--wait", action="store_true", help="follow the job to its end and print its result")
    p.add_argument("--wait-timeout", type=float, metavar="S")
    sub.add_parser("cancel", help="cancel a job").add_argument("job_id")
    sub.add_parser("register", help="register an account").add_argument("email")
    sub.add_parser("verify-email", help="confirm the emailed token").add_argument("token")
    keys = sub.add_parser("keys", help="keys list | create | revoke <id>")
    ksub = keys.add_subparsers(dest="keys_op", metavar="list|create|revoke", parser_class=_Parser)
    ksub.required = True
    ksub.add_parser("list")
    kc = ksub.add_parser("create")
    kc.add_argument("--scopes", help="comma-separated: solve,analyze,keys")
    kc.add_argument("--name")
    ksub.add_parser("revoke").add_argument("key_id")
    return top


def _read_json(path: Optional[str], stdin: TextIO, what: str) -> Any:
    if path in (None, "-"):
        if path is None and stdin.isatty():
            raise _UsageError(f"no {what}: give --input FILE or pipe JSON on stdin")
        text = stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise _UsageError(f"cannot read {path}: {e.strerror or e}") from e
    try:
        value = json.loads(text, object_pairs_hook=_PairsKeeper)
    except ValueError as e:
        raise _BadInput(f"the {what} is not valid JSON: {e}") from e
    if not isinstance(value, dict):
        raise _BadInput(f"the {what} must be a JSON object")
    # json.loads keeps one value per key: a pin written twice with different values would be lost
    # before reaching the service, which refuses it in raw JSON; refuse it here the same way.
    pins = value.get("pins")
    twice = getattr(pins, "conflicts", [])
    if twice:
        raise _Contradiction(f"the {what} pins variable(s) {', '.join(twice)} twice with different values "
                             "(a key written twice in \"pins\")", [int(k) if k.isdigit() else k for k in twice])
    return value


class _PairsKeeper(dict):
    """A JSON object that also remembers keys given twice with different values (`conflicts`)."""

    def __init__(self, pairs: list) -> None:
        super().__init__()
        self.conflicts: list[str] = []
        for k, v in pairs:
            if k in self and self[k] != v and k not in self.conflicts:
                self.conflicts.append(k)
            self[k] = v


class _BadInput(Exception):
    pass


class _Contradiction(Exception):
    def __init__(self, detail: str, pins: list) -> None:
        super().__init__(detail)
        self.pins = pins


def _solve_opts(a: argparse.Namespace) -> dict[str, Any]:
    wait: Any = True
    if a.no_wait:
        wait = False
    elif a.wait_timeout is not None:
        wait = a.wait_timeout
    return dict(effort=a.effort, seed=a.seed, max_latency_ms=a.max_latency_ms, version=a.model,
                idempotency_key=a.idempotency_key, wait=wait)


def _dispatch(c: Client, a: argparse.Namespace, stdin: TextIO) -> dict[str, Any]:
    op = a.op
    if op == "solve" or op in COMMANDS:
        command = a.command if op == "solve" else op
        return c.solve(command, _read_json(a.input, stdin, "problem"), **_solve_opts(a))
    if op == "compute":
        return c.compute(_read_json(a.input, stdin, "problem"), **_solve_opts(a))
    if op == "compute-binary":
        return c.compute_binary(a.command, _read_json(a.input, stdin, "problem"), fallback_json=not a.no_fallback,
                                **_solve_opts(a))
    if op in ("analyze", "estimate", "preflight"):
        fn: Callable[..., dict[str, Any]] = getattr(c, op)
        return fn(a.command, _read_json(a.input, stdin, "problem"), effort=a.effort, seed=a.seed,
                  max_latency_ms=a.max_latency_ms, version=a.model)
    if op == "route":
        return c.route(_read_json(a.input, stdin, "problem"))
    if op == "verify":
        doc = _read_json(a.input, stdin, "{problem, answer} document")
        if not isinstance(doc, dict) or not isinstance(doc.get("problem"), dict) or "answer" not in doc:
            raise _BadInput("verify reads {\"problem\": {...}, \"answer\": ...}")
        if a.local:
            if a.command == "precision":
                return check_precision(doc["problem"], doc["answer"])
            return check_certificate(doc["problem"], doc["answer"], doc.get("certificate"), command=a.command)
        return c.verify(a.command, doc["problem"], doc["answer"])
    if op in ("formulate", "schema"):
        return getattr(c, op)(a.command)
    if op == "jobs":
        return c.jobs(a.job_id, wait=(a.wait_timeout if a.wait_timeout is not None else True) if a.wait else False)
    if op == "cancel":
        return c.cancel(a.job_id)
    if op == "register":
        return c.register(a.email)
    if op == "verify-email":
        return c.verify_email(a.token)
    if op == "keys":
        if a.keys_op == "list":
            return c.keys_list()
        if a.keys_op == "create":
            scopes = [s.strip() for s in a.scopes.split(",") if s.strip()] if a.scopes else None
            return c.keys_create(scopes, name=a.name)
        return c.keys_revoke(a.key_id)
    return getattr(c, op.replace("-", "_"))()


def main(argv: Optional[Sequence[str]] = None, *, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr, client: Optional[Client] = None) -> int:
    """Runs the CLI; returns the exit code."""
    parser = _build()

    def emit(doc: dict[str, Any], compact: bool) -> None:
        stdout.write((json.dumps(doc, separators=(",", ":")) if compact else json.dumps(doc, indent=2)) + "\n")

    # Documents built here link the configured service's reference pages (the default until a client exists).
    docs_url = DEFAULT_BASE_URL
    try:
        try:
            # --help and --version print through sys.stdout and exit; keep them on our streams.
            with contextlib.redirect_stdout(stdout):
                a = parser.parse_args(argv)
        except SystemExit as e:
            return int(e.code or 0)
        if a.op is None:
            parser.print_help(stdout)
            return 0
        c = client or Client(base_url=a.base_url, agent_family=a.agent, agent_model=a.agent_model)
        docs_url = c.base_url
        result = _dispatch(c, a, stdin)
    except _UsageError as e:
        stderr.write(f"{e}\n(see python3 -m svc_client --help)\n")
        emit(local_error("SVC_CLIENT", str(e), docs_url=docs_url), True)
        return EXIT_VALIDATION
    except _BadInput as e:
        stderr.write(f"{e}\n")
        emit(local_error("SVC_INVALID_INPUT", str(e), docs_url=docs_url), True)
        return EXIT_VALIDATION
    except _Contradiction as e:
        stderr.write(f"{e}\n")
        emit(local_error("SVC_CONTRADICTORY_CONSTRAINTS", str(e), docs_url=docs_url, field="pins", pins=e.pins), True)
        return EXIT_VALIDATION
    except ValueError as e:  # an unusable --base-url / SVC_BASE_URL
        stderr.write(f"{e}\n")
        emit(local_error("SVC_CONFIG_INVALID", str(e), docs_url=docs_url), True)
        return EXIT_VALIDATION
    emit(result, a.compact)
    code = exit_code_of(result)
    if code:
        stderr.write(f"{result.get('code')}: {result.get('detail')}\n")
    elif a.op == "verify" and result.get("ok") is not True:
        stderr.write("verify: the checks did not pass\n")
        code = EXIT_VALIDATION
    return code


def console_main() -> None:
    """Entry point of the `svc-client` console script."""
    sys.exit(main())
