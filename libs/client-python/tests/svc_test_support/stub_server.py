"""A scriptable local HTTP server (http.server on port 0) that records every request."""
from __future__ import annotations

import json
import threading
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Optional

# A reply: (status, headers, body bytes), or DROP to close the connection without answering.
Reply = tuple[int, dict[str, str], bytes]
DROP = "drop"


@dataclass
class StubRequest:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    body: bytes = b""
    raw_path: str = ""

    def json(self) -> Any:
        return json.loads(self.body)


def json_reply(status: int, body: Any, headers: Optional[dict[str, str]] = None) -> Reply:
    return status, {"Content-Type": "application/json", **(headers or {})}, json.dumps(body).encode()


def problem_reply(status: int, code: str, detail: str = "stub", headers: Optional[dict[str, str]] = None,
                  **extra: Any) -> Reply:
    retryable = status in (429, 500, 502, 503) or code in ("SVC_SANDBOX_CAPABILITY_REJECTED", "SVC_IDEMPOTENCY_IN_PROGRESS")
    doc = {"type": f"https://docs.svc.invalid/errors/{code}", "title": code, "status": status, "detail": detail,
           "code": code, "retryable": retryable, **extra}
    return status, {"Content-Type": "application/problem+json", **(headers or {})}, json.dumps(doc).encode()


@dataclass
class StubServer:
    """`handler(request) -> Reply | DROP`; `requests` lists what arrived, in order."""

    handler: Callable[[StubRequest], Any]
    requests: list[StubRequest] = field(default_factory=list)

    def __post_init__(self) -> None:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                parts = urllib.parse.urlsplit(self.path)
                req = StubRequest(self.command, parts.path, dict(urllib.parse.parse_qsl(parts.query)),
                                  {k.lower(): v for k, v in self.headers.items()}, body, self.path)
                with stub._lock:
                    stub.requests.append(req)
                reply = stub.handler(req)
                if reply == DROP:
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                status, headers, payload = reply
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            do_GET = do_POST = do_DELETE = _serve

        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def __enter__(self) -> "StubServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()

    def paths(self, method: Optional[str] = None) -> list[str]:
        return [r.path for r in self.requests if method is None or r.method == method]
