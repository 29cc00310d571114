"""SVCB, the binary lane for integer `optimize` and `maxcut` problems (commands.md "SVCB").

Little-endian: magic `SVCB`, u16 version=1, u16 command (1 optimize, 2 maxcut), u32 n,
u32 m (pairs), u32 l (linear terms), u32 description length + UTF-8 bytes, then
l x (u32 index, i32 h), m x (u32 i, u32 j, i32 w).
"""
from __future__ import annotations

import re
import struct
from typing import Any, Mapping

SVCB_MAGIC = b"SVCB"
SVCB_VERSION = 1
SVCB_COMMANDS = {"optimize": 1, "maxcut": 2}

_U32_MAX = 2**32 - 1
_I32_MIN, _I32_MAX = -(2**31), 2**31 - 1
_INDEX_KEY = re.compile(r"^(0|[1-9][0-9]*)$")
# Fields SVCB carries; `version` travels as a query parameter instead, `tag` is implied.
_FIELDS = {
    "optimize": {"tag", "description", "n", "version", "linear", "quadratic"},
    "maxcut": {"tag", "description", "n", "version", "edges"},
}


class SvcbNotRepresentable(ValueError):
    """The problem has something SVCB cannot carry (non-integer weight, warm_start, complete, ...);
    send it as JSON instead."""


def _int(x: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise SvcbNotRepresentable(f"{what} is not a number")
    if isinstance(x, float):
        if not x.is_integer():
            raise SvcbNotRepresentable(f"{what} = {x!r} is not an integer")
        x = int(x)
    if not lo <= x <= hi:
        raise SvcbNotRepresentable(f"{what} = {x} is outside [{lo}, {hi}]")
    return x


def _triples(rows: Any, what: str) -> list[tuple[int, int, int]]:
    if not isinstance(rows, list):
        raise SvcbNotRepresentable(f"{what} is not an array")
    out = []
    for k, row in enumerate(rows):
        if not isinstance(row, (list, tuple)) or len(row) != 3:
            raise SvcbNotRepresentable(f"{what}[{k}] is not an [i, j, w] triple")
        out.append((
            _int(row[0], 0, _U32_MAX, f"{what}[{k}][0]"),
            _int(row[1], 0, _U32_MAX, f"{what}[{k}][1]"),
            _int(row[2], _I32_MIN, _I32_MAX, f"{what}[{k}][2]"),
        ))
    return out


def encode_svcb(command: str, problem: Mapping[str, Any]) -> bytes:
    """Encodes an integer-weight `optimize` or `maxcut` problem to SVCB bytes.

    Raises `SvcbNotRepresentable` when the problem cannot be carried exactly (the caller sends
    JSON instead); the service still judges validity (ranges against `n`, empty edges, ...).
    """
    if command not in SVCB_COMMANDS:
        raise SvcbNotRepresentable(f"SVCB carries only optimize and maxcut, not {command!r}")
    if not isinstance(problem, Mapping):
        raise TypeError("problem must be a mapping")
    extra = sorted(set(problem) - _FIELDS[command])
    if extra:
        raise SvcbNotRepresentable(f"SVCB cannot carry the field(s) {', '.join(extra)}")
    if "n" not in problem:
        raise SvcbNotRepresentable("SVCB needs n")
    n = _int(problem["n"], 0, _U32_MAX, "n")
    description = problem.get("description", "")
    if not isinstance(description, str):
        raise SvcbNotRepresentable("description is not a string")
    desc = description.encode("utf-8")
    if len(desc) > _U32_MAX:
        raise SvcbNotRepresentable("description is too long")

    linear: list[tuple[int, int]] = []
    if command == "optimize":
        raw_linear = problem.get("linear", {})
        if not isinstance(raw_linear, Mapping):
            raise SvcbNotRepresentable("linear is not an object")
        for key, h in raw_linear.items():
            if not isinstance(key, str) or not _INDEX_KEY.match(key):
                raise SvcbNotRepresentable(f"linear key {key!r} is not an index")
            linear.append((_int(int(key), 0, _U32_MAX, f"linear[{key}] index"), _int(h, _I32_MIN, _I32_MAX, f"linear[{key}]")))
        pairs = _triples(problem.get("quadratic", []), "quadratic")
    else:
        if "edges" not in problem:
            raise SvcbNotRepresentable("SVCB maxcut needs edges")
        pairs = _triples(problem["edges"], "edges")

    out = bytearray()
    out += SVCB_MAGIC
    out += struct.pack("<HHIIII", SVCB_VERSION, SVCB_COMMANDS[command], n, len(pairs), len(linear), len(desc))
    out += desc
    for index, h in linear:
        out += struct.pack("<Ii", index, h)
    for i, j, w in pairs:
        out += struct.pack("<IIi", i, j, w)
    return bytes(out)


def decode_svcb(data: bytes) -> dict[str, Any]:
    """Decodes SVCB bytes back to `{command, problem}` (for inspection and tests); raises ValueError."""
    if len(data) < 24 or data[:4] != SVCB_MAGIC:
        raise ValueError("not an SVCB document (magic)")
    version, cmd, n, m, l, dlen = struct.unpack_from("<HHIIII", data, 4)
    if version != SVCB_VERSION:
        raise ValueError(f"SVCB version {version} is not supported")
    names = {v: k for k, v in SVCB_COMMANDS.items()}
    if cmd not in names:
        raise ValueError(f"SVCB command {cmd} is unknown")
    off = 24
    if len(data) != off + dlen + 8 * l + 12 * m:
        raise ValueError("SVCB length does not match its counts")
    description = data[off:off + dlen].decode("utf-8")
    off += dlen
    linear = {}
    for _ in range(l):
        index, h = struct.unpack_from("<Ii", data, off)
        linear[str(index)] = linear.get(str(index), 0) + h
        off += 8
    pairs = []
    for _ in range(m):
        pairs.append(list(struct.unpack_from("<IIi", data, off)))
        off += 12
    problem: dict[str, Any] = {"description": description, "n": n}
    if names[cmd] == "optimize":
        problem.update(linear=linear, quadratic=pairs)
    else:
        problem["edges"] = pairs
    return {"command": names[cmd], "problem": problem}
