"""A stdlib-only PEP 517 build backend for svc_client (pure Python, no dependencies).

Why in-tree: the machines here have setuptools 65 but not `wheel`, and no package index for
Python, so neither setuptools' backend nor build isolation can produce a wheel. This backend
needs nothing but the standard library, so `pip install [--no-build-isolation] libs/client-python`
works offline. Metadata comes from pyproject.toml's [project] table.
"""
from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "svc_client"
_EPOCH = (1980, 1, 1, 0, 0, 0)


def _project() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def _names() -> tuple[str, str, str]:
    p = _project()
    dist = p["name"].replace("-", "_")
    return p["name"], p["version"], f"{dist}-{p['version']}"


def _metadata() -> str:
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {p['version']}",
        f"Summary: {p.get('description', '')}",
        f"Requires-Python: {p.get('requires-python', '>=3')}",
    ]
    lines += [f"Classifier: {c}" for c in p.get("classifiers", [])]
    readme = p.get("readme")
    body = ""
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        body = (ROOT / readme).read_text(encoding="utf-8")
    return "\n".join(lines) + "\n\n" + body


def _entry_points() -> str:
    scripts = _project().get("scripts", {})
    if not scripts:
        return ""
    return "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items())


def _wheel_file() -> str:
    return "Wheel-Version: 1.0\nGenerator: svc_build 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def _dist_info_files(dist_info: str) -> dict[str, bytes]:
    files = {
        f"{dist_info}/METADATA": _metadata().encode("utf-8"),
        f"{dist_info}/WHEEL": _wheel_file().encode("utf-8"),
    }
    eps = _entry_points()
    if eps:
        files[f"{dist_info}/entry_points.txt"] = eps.encode("utf-8")
    return files


def _package_files() -> dict[str, bytes]:
    base = ROOT / "src"
    out = {}
    for path in sorted((base / PACKAGE).rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
            continue
        out[path.relative_to(base).as_posix()] = path.read_bytes()
    return out


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(wheel_directory: str, files: dict[str, bytes]) -> str:
    _, _, stem = _names()
    dist_info = f"{stem}.dist-info"
    files = {**files, **_dist_info_files(dist_info)}
    record_name = f"{dist_info}/RECORD"
    record = "\n".join([*(_record_line(n, d) for n, d in files.items()), f"{record_name},,"]) + "\n"
    files[record_name] = record.encode("utf-8")
    wheel_name = f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return wheel_name


# --- PEP 517 / PEP 660 hooks -----------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _, _, stem = _names()
    dist_info = f"{stem}.dist-info"
    for name, data in _dist_info_files(dist_info).items():
        target = Path(metadata_directory) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return dist_info


prepare_metadata_for_build_editable = prepare_metadata_for_build_wheel


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, _package_files())


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    # A .pth file puts the source tree on sys.path: edits take effect without reinstalling.
    return _write_wheel(wheel_directory, {f"_{PACKAGE}_editable.pth": (str(ROOT / "src") + "\n").encode("utf-8")})


def build_sdist(sdist_directory, config_settings=None):
    _, _, stem = _names()
    name = f"{stem}.tar.gz"
    members = {"pyproject.toml": (ROOT / "pyproject.toml").read_bytes(), "PKG-INFO": _metadata().encode("utf-8"),
               "_build_backend/svc_build.py": Path(__file__).read_bytes()}
    readme = _project().get("readme")
    if readme:
        members[readme] = (ROOT / readme).read_bytes()
    members.update({f"src/{k}": v for k, v in _package_files().items()})
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tf:
        for member, data in members.items():
            info = tarfile.TarInfo(f"{stem}/{member}")
            info.size, info.mode, info.mtime = len(data), 0o644, 0
            tf.addfile(info, io.BytesIO(data))
    return name
