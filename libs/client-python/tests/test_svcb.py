"""SVCB encoding (commands.md "SVCB"): golden bytes written out by hand, what cannot be carried,
and the binary request (stub server; see test_routes_live for the real server)."""
import unittest

from svc_test_support import StubServer, json_reply

import svc_client
from svc_client import SvcbNotRepresentable, decode_svcb, encode_svcb

OPTIMIZE = {"description": "QUBO", "n": 3, "linear": {"0": -1, "2": 5}, "quadratic": [[0, 1, 2], [1, 2, -3]]}
OPTIMIZE_BYTES = bytes.fromhex(
    "53564342" "0100" "0100"                      # magic SVCB, version 1, command 1 (optimize)
    "03000000" "02000000" "02000000" "04000000"   # n 3, m 2 pairs, l 2 linear terms, description 4 bytes
    "5155424f"                                    # "QUBO"
    "00000000" "ffffffff" "02000000" "05000000"   # linear (0, -1), (2, 5)
    "00000000" "01000000" "02000000"              # pair (0, 1, 2)
    "01000000" "02000000" "fdffffff"              # pair (1, 2, -3)
)
MAXCUT = {"tag": "svc-cortex-v1", "description": "café", "n": 2, "edges": [[0, 1, 7]]}
MAXCUT_BYTES = bytes.fromhex(
    "53564342" "0100" "0200"                      # magic, version 1, command 2 (maxcut)
    "02000000" "01000000" "00000000" "05000000"   # n 2, m 1, l 0, description 5 UTF-8 bytes
    "636166c3a9"                                  # "café"
    "00000000" "01000000" "07000000"              # edge (0, 1, 7)
)


class EncodeTest(unittest.TestCase):
    def test_golden_optimize(self):
        self.assertEqual(encode_svcb("optimize", OPTIMIZE), OPTIMIZE_BYTES)

    def test_golden_maxcut_counts_utf8_bytes(self):
        self.assertEqual(encode_svcb("maxcut", MAXCUT), MAXCUT_BYTES)

    def test_integral_floats_and_extreme_weights(self):
        p = {"description": "edge weights", "n": 2, "edges": [[0, 1, 2.0], [1, 0, -(2**31)], [0.0, 1, 2**31 - 1]]}
        decoded = decode_svcb(encode_svcb("maxcut", p))
        self.assertEqual(decoded["problem"]["edges"], [[0, 1, 2], [1, 0, -(2**31)], [0, 1, 2**31 - 1]])

    def test_round_trip(self):
        decoded = decode_svcb(OPTIMIZE_BYTES)
        self.assertEqual(decoded["command"], "optimize")
        self.assertEqual(decoded["problem"], {"description": "QUBO", "n": 3, "linear": {"0": -1, "2": 5},
                                              "quadratic": [[0, 1, 2], [1, 2, -3]]})

    def test_not_representable(self):
        cases = [
            ("maxcut", {**MAXCUT, "edges": [[0, 1, 1.5]]}),
            ("maxcut", {**MAXCUT, "edges": [[0, 1, 2**31]]}),
            ("maxcut", {**MAXCUT, "edges": [[0, 1, True]]}),
            ("maxcut", {**MAXCUT, "edges": [[-1, 1, 1]]}),
            ("maxcut", {**MAXCUT, "edges": [[0, 1]]}),
            ("maxcut", {"description": "complete graph", "n": 5, "complete": True}),
            ("maxcut", {**MAXCUT, "warm_start": [0, 1]}),
            ("maxcut", {"description": "no n", "edges": [[0, 1, 1]]}),
            ("optimize", {**OPTIMIZE, "linear": {"01": 1}}),
            ("optimize", {**OPTIMIZE, "linear": [1, 2, 3]}),
            ("optimize", {**OPTIMIZE, "description": 7}),
            ("tsp", {"description": "tour", "matrix": [[0, 1], [1, 0]]}),
        ]
        for command, problem in cases:
            with self.subTest(problem=problem), self.assertRaises(SvcbNotRepresentable):
                encode_svcb(command, problem)

    def test_decode_rejects_garbage(self):
        for data in (b"", b"XXXX" + OPTIMIZE_BYTES[4:], OPTIMIZE_BYTES[:-1]):
            with self.assertRaises(ValueError):
                decode_svcb(data)


class BinaryRequestTest(unittest.TestCase):
    def handler(self, req):
        if req.path == "/api/v1/sandbox":
            return json_reply(200, {"token": "sbx_1"})
        return json_reply(200, {"answer": [0, 1], "cut_value": 7, "tag": "svc-cortex-v1"})

    def test_sends_svcb_bytes_with_options_in_the_query(self):
        with StubServer(self.handler) as stub:
            c = svc_client.Client(stub.url, env={})
            r = svc_client.compute_binary("maxcut", {**MAXCUT, "version": "2026-11-01"}, effort="max", seed=3,
                                          max_latency_ms=50, client=c)
        self.assertEqual(r["cut_value"], 7)
        req = stub.requests[-1]
        self.assertEqual((req.method, req.path), ("POST", "/api/v1/compute/binary"))
        self.assertEqual(req.headers["content-type"], "application/octet-stream")
        self.assertEqual(req.body, MAXCUT_BYTES)
        self.assertEqual(req.query, {"effort": "high", "seed": "3", "max_latency_ms": "50", "version": "2026-11-01"})
        self.assertEqual(req.headers["authorization"], "Bearer sbx_1")
        self.assertIn("idempotency-key", req.headers)

    def test_falls_back_to_json_when_not_representable(self):
        with StubServer(self.handler) as stub:
            c = svc_client.Client(stub.url, env={})
            c.compute_binary("maxcut", {"description": "complete graph", "n": 5, "complete": True})
            r = c.compute_binary("maxcut", {"description": "complete graph", "n": 5, "complete": True},
                                 fallback_json=False)
        self.assertEqual(stub.paths("POST"), ["/api/v1/solve/maxcut"])
        self.assertEqual(stub.requests[-1].json()["tag"], "svc-cortex-v1")
        self.assertEqual((r["code"], r["exit_code"]), ("SVC_INVALID_INPUT", 3))


if __name__ == "__main__":
    unittest.main()
