"""The real service (apps/http/dist/main.mjs, built by `npx nx run http:build`) on a free port."""
from __future__ import annotations

import atexit
import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Optional

WORKSPACE = Path(__file__).resolve().parents[4]
MAIN = WORKSPACE / "apps" / "http" / "dist" / "main.mjs"
_LISTENING = re.compile(r"svc-http listening on (http://\S+)")


class RealServer:
    """Spawns `node apps/http/dist/main.mjs` with PORT=0 and parses the URL it logs."""

    def __init__(self, extra_env: Optional[dict[str, str]] = None) -> None:
        self.extra_env = extra_env or {}
        self.proc: Optional[subprocess.Popen[str]] = None
        self.url = ""
        self.data_dir = ""
        self.log: list[str] = []

    def start(self, timeout_s: float = 30.0) -> "RealServer":
        if not MAIN.exists():
            raise RuntimeError(f"{MAIN} is missing: build it with `cd {WORKSPACE} && npx nx run http:build`")
        self.data_dir = tempfile.mkdtemp(prefix="svc-pyclient-")
        env = {
            **os.environ, "PORT": "0", "HOST": "127.0.0.1", "SVC_DATA_DIR": self.data_dir, "SVC_ENGINE": "ts",
            "SVC_WORKERS": "1", "GRPC_PORT": "off",
            # No sync window: a solve queued by the threshold answers its 202 (libs/service/test/job-limits.ts).
            "SVC_SYNC_WAIT_MS": "0", **self.extra_env,
        }
        self.proc = subprocess.Popen(
            ["node", str(MAIN)], cwd=WORKSPACE, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
        )
        found = threading.Event()

        def drain() -> None:
            assert self.proc and self.proc.stdout
            for line in self.proc.stdout:
                self.log.append(line.rstrip("\n"))
                m = _LISTENING.search(line)
                if m and not found.is_set():
                    self.url = m.group(1)
                    found.set()
            found.set()

        self._drain = threading.Thread(target=drain, daemon=True)
        self._drain.start()
        if not found.wait(timeout_s) or not self.url:
            self.stop()
            raise RuntimeError("the server did not start:\n" + "\n".join(self.log[-30:]))
        return self

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc and self.proc.stdout:
            self._drain.join(5)  # the pipe reaches EOF once the process is gone
            self.proc.stdout.close()
        self.proc = None
        if self.data_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)
            self.data_dir = ""


# Generous request rates (the suite makes more than 60 sandbox calls a minute) and a 1 s
# verification-mail resend gap, so tests need not wait out a minute.
SHARED_ENV = {
    "SVC_SANDBOX_RATE_PER_MINUTE": "100000",
    "SVC_KEY_RATE_PER_MINUTE": "100000",
    "SVC_EMAIL_RESEND_SECONDS": "1",
}

_shared: Optional[RealServer] = None
_shared_lock = threading.Lock()


def shared_server() -> RealServer:
    """One real server for the whole test run, stopped at exit."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = RealServer(SHARED_ENV).start()
            atexit.register(_shared.stop)
        return _shared
