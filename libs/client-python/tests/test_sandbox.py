"""Sandbox token (stub server): fetched when no key is configured, cached, re-fetched once on
SVC_SANDBOX_CAPABILITY_REJECTED, and never replaced by a production key."""
import unittest

from svc_test_support import FakeClock, StubServer, json_reply, problem_reply

import svc_client

PROBLEM = {"description": "Pick the cheapest compatible options.", "n": 2, "linear": {"0": -1}, "quadratic": [[0, 1, 2]]}
ENVELOPE = {"answer": [1, 0], "energy": -1, "certainty": "certified optimum (proven by exhaustion)", "tag": "svc-cortex-v1"}


class RotatingSandbox:
    """Hands out sbx_1, sbx_2, ... and accepts only the tokens in `valid`."""

    def __init__(self, valid):
        self.valid = set(valid)
        self.issued = 0

    def __call__(self, req):
        if req.path == "/api/v1/sandbox":
            self.issued += 1
            return json_reply(200, {"token": f"sbx_{self.issued}", "limits": {"max_n": 50000}})
        if req.headers.get("authorization", "").removeprefix("Bearer ") in self.valid:
            return json_reply(200, ENVELOPE)
        return problem_reply(401, "SVC_SANDBOX_CAPABILITY_REJECTED", "the sandbox token was rotated")


def client(url, **kw):
    clock = FakeClock()
    return svc_client.Client(url, env={}, sleep=clock.sleep, monotonic=clock.monotonic, **kw)


class SandboxTest(unittest.TestCase):
    def test_token_is_fetched_once_and_reused(self):
        with StubServer(RotatingSandbox({"sbx_1"})) as stub:
            c = client(stub.url)
            self.assertEqual(c.optimize(PROBLEM)["energy"], -1)
            self.assertEqual(c.optimize(PROBLEM)["energy"], -1)
        self.assertEqual(stub.paths(), ["/api/v1/sandbox", "/api/v1/solve/optimize", "/api/v1/solve/optimize"])
        self.assertEqual(stub.requests[1].headers["authorization"], "Bearer sbx_1")

    def test_rejected_token_is_fetched_again_once_and_the_solve_resent_with_the_same_key(self):
        with StubServer(RotatingSandbox({"sbx_2"})) as stub:
            r = client(stub.url).optimize(PROBLEM)
        self.assertFalse(svc_client.is_error(r), r)
        self.assertEqual(stub.paths(), ["/api/v1/sandbox", "/api/v1/solve/optimize",
                                        "/api/v1/sandbox", "/api/v1/solve/optimize"])
        solves = [q for q in stub.requests if q.method == "POST"]
        self.assertEqual([q.headers["authorization"] for q in solves], ["Bearer sbx_1", "Bearer sbx_2"])
        self.assertEqual(solves[0].headers["idempotency-key"], solves[1].headers["idempotency-key"])

    def test_only_one_refetch_then_the_rejection_is_returned_with_exit_2(self):
        with StubServer(RotatingSandbox(set())) as stub:
            r = client(stub.url).optimize(PROBLEM)
        self.assertEqual(r["code"], "SVC_SANDBOX_CAPABILITY_REJECTED")
        self.assertEqual(r["exit_code"], 2)
        self.assertEqual(stub.paths().count("/api/v1/sandbox"), 2)
        self.assertEqual(stub.paths().count("/api/v1/solve/optimize"), 2)

    def test_a_configured_key_is_used_and_the_sandbox_never_fetched(self):
        with StubServer(RotatingSandbox({"prod_key"})) as stub:
            r = client(stub.url, api_key="prod_key").optimize(PROBLEM)
        self.assertEqual(r["energy"], -1)
        self.assertEqual(stub.paths(), ["/api/v1/solve/optimize"])
        self.assertEqual(stub.requests[0].headers["authorization"], "Bearer prod_key")

    def test_a_production_key_never_replaces_a_rejected_sandbox_token(self):
        # The key exists in the process environment, but this client was built without one.
        with StubServer(RotatingSandbox({"prod_key"})) as stub:
            r = client(stub.url).optimize(PROBLEM)
        self.assertEqual(r["code"], "SVC_SANDBOX_CAPABILITY_REJECTED")
        auths = {q.headers.get("authorization") for q in stub.requests if q.method == "POST"}
        self.assertEqual(auths, {"Bearer sbx_1", "Bearer sbx_2"})

    def test_key_comes_from_env(self):
        c = svc_client.Client("http://127.0.0.1:9", env={"SVC_API_KEY": "k_env"})
        self.assertEqual(c.api_key, "k_env")

    def test_sandbox_without_token_is_no_credentials(self):
        with StubServer(lambda req: json_reply(200, {"limits": {}})) as stub:
            r = client(stub.url).optimize(PROBLEM)
        self.assertEqual((r["code"], r["exit_code"]), ("SVC_NO_CREDENTIALS", 2))
        self.assertEqual(stub.paths("POST"), [])

    def test_key_only_operations_never_use_the_sandbox(self):
        with StubServer(RotatingSandbox({"sbx_1"})) as stub:
            c = client(stub.url)
            for r in (c.keys_list(), c.keys_create(["solve"]), c.keys_revoke("k1"), c.resend_verification()):
                self.assertEqual((r["code"], r["exit_code"]), ("SVC_NO_CREDENTIALS", 2))
        self.assertEqual(stub.requests, [])


if __name__ == "__main__":
    unittest.main()
