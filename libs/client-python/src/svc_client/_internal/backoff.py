"""Retry timing: jittered exponential backoff that never retries earlier than the server asked."""
from __future__ import annotations

import datetime
import email.utils
import re
from typing import Callable, Optional

_DELTA = re.compile(r"^\d+(\.\d+)?$")


def retry_delay_s(
    retry: int, retry_after_s: Optional[float], *, base_s: float, cap_s: float, random: Callable[[], float]
) -> Optional[float]:
    """Seconds to wait before retry number `retry` (0-based), or None when the server's
    Retry-After is longer than `cap_s` (waiting less would only be refused again)."""
    if retry_after_s is not None:
        if retry_after_s > cap_s:
            return None
        # Jitter only ever adds time, so the server's minimum is honoured.
        jitter = min(1.0, max(0.1, retry_after_s * 0.2)) * random()
        return min(cap_s, retry_after_s + jitter)
    ceiling = min(cap_s, base_s * 2**retry)
    # "Equal jitter": half fixed, half random, so waits grow but never synchronise.
    return ceiling / 2 + (ceiling / 2) * random()


def parse_retry_after(value: Optional[str], now_epoch_s: float) -> Optional[float]:
    """Parses a `Retry-After` header (delta-seconds or HTTP-date) into seconds, or None."""
    if value is None:
        return None
    v = value.strip()
    if _DELTA.match(v):
        return float(v)
    try:
        when = email.utils.parsedate_to_datetime(v)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.timezone.utc)
    return max(0.0, when.timestamp() - now_epoch_s)
