"""One HTTP exchange, classified: a JSON success or a problem document (remote or local). Never raises."""
from __future__ import annotations

import http.client
import json
import re
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..errors import ERRORS, exit_code_for, is_error_code, local_error
from .backoff import parse_retry_after

_SNIPPET = 160


@dataclass
class Request:
    url: str
    method: str
    headers: dict[str, str]
    body: Optional[bytes] = None


@dataclass
class Exchange:
    """`ok` True: `body` is the JSON object. `ok` False: `doc` is a problem document with `exit_code`."""

    ok: bool
    status: Optional[int]
    body: dict[str, Any] = field(default_factory=dict)
    doc: dict[str, Any] = field(default_factory=dict)
    retry_after_s: Optional[float] = None


def _fault(e: BaseException) -> str:
    if isinstance(e, (socket.timeout, TimeoutError)):
        return "the request timed out"
    if isinstance(e, urllib.error.URLError):
        reason = e.reason
        return "the request timed out" if isinstance(reason, (socket.timeout, TimeoutError)) else str(reason)
    return f"{type(e).__name__}: {e}" if str(e) else type(e).__name__


def exchange(
    opener: urllib.request.OpenerDirector, req: Request, timeout_s: float, wall_clock: Callable[[], float], docs_url: str
) -> Exchange:
    """Sends one request and classifies the answer; documents it builds itself link `docs_url` (the client's base URL)."""
    r = urllib.request.Request(req.url, data=req.body, headers=req.headers, method=req.method)
    try:
        try:
            with opener.open(r, timeout=timeout_s) as res:
                status, headers, raw = res.status, res.headers, res.read()
        except urllib.error.HTTPError as e:
            # A 4xx/5xx still carries the service's problem document.
            status, headers = e.code, e.headers
            try:
                raw = e.read()
            finally:
                e.close()
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as e:
        return Exchange(False, None, doc=local_error("SVC_NETWORK", f"Could not reach {req.url}: {_fault(e)}.", docs_url=docs_url))

    retry_after_s = parse_retry_after(headers.get("retry-after") if headers else None, wall_clock())
    content_type = (headers.get("content-type") if headers else None) or "no content type"
    text = raw.decode("utf-8", errors="replace")
    try:
        parsed = json.loads(text)
    except ValueError:
        # Usually an edge proxy's HTML page (e.g. "Your request was blocked"), not the service.
        snippet = re.sub(r"\s+", " ", text).strip()[:_SNIPPET]
        detail = f"HTTP {status} with a non-JSON body ({content_type})" + (f': "{snippet}"' if snippet else "") + "."
        return Exchange(False, status, retry_after_s=retry_after_s,
                        doc=local_error("SVC_UPSTREAM_INVALID_RESPONSE", detail, docs_url=docs_url, upstream_status=status))

    if 200 <= status < 300:
        if not isinstance(parsed, dict):
            return Exchange(False, status, doc=local_error(
                "SVC_UPSTREAM_INVALID_RESPONSE", f"HTTP {status} with a JSON body that is not an object.",
                docs_url=docs_url, upstream_status=status))
        return Exchange(True, status, body=parsed)

    code = parsed.get("code") if isinstance(parsed, dict) else None
    if not is_error_code(code):
        hint = f" (code {code})" if isinstance(code, str) else ""
        return Exchange(False, status, retry_after_s=retry_after_s, doc=local_error(
            "SVC_UPSTREAM_INVALID_RESPONSE",
            f"HTTP {status} with a JSON body that is not a known problem document{hint}.",
            docs_url=docs_url, upstream_status=status, upstream_body=parsed))
    # Keep the server's document as sent; fill only what a client needs to branch on.
    doc = dict(parsed)
    if not isinstance(doc.get("retryable"), bool):
        doc["retryable"] = ERRORS[code]["retryable"]
    if not isinstance(doc.get("status"), int):
        doc["status"] = status
    if not isinstance(doc.get("detail"), str):
        doc["detail"] = ERRORS[code]["title"]
    doc["exit_code"] = exit_code_for(code)
    body_retry = doc.get("retry_after")
    if retry_after_s is None and isinstance(body_retry, (int, float)) and not isinstance(body_retry, bool):
        retry_after_s = float(body_retry)
    return Exchange(False, status, doc=doc, retry_after_s=retry_after_s)
