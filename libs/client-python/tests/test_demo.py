"""demo(): `mode` is `live` only when the service solved it now, `offline_precomputed` only when
the service is unreachable; the bundled result is verified by brute force here."""
import socket
import unittest

from svc_test_support import StubServer, brute_max_cut, json_reply, problem_reply, shared_server

import svc_client
from svc_client.demo import bundled

CERTIFIED = "certified optimum (proven by exhaustion)"


def closed_port_url():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


class DemoTest(unittest.TestCase):
    def test_bundled_result_is_a_verified_optimum(self):
        demo = bundled()
        result = demo["result"]
        self.assertEqual(result["certainty"], CERTIFIED)
        self.assertEqual(result["cut_value"], brute_max_cut(demo["problem"]))
        self.assertTrue(result["receipt"].startswith("svcr_"))

    def test_offline_when_the_service_is_unreachable(self):
        c = svc_client.Client(closed_port_url(), env={}, retry_base_s=0.01)
        r = svc_client.demo(client=c)
        self.assertEqual(r["mode"], "offline_precomputed")
        self.assertEqual(r["result"], bundled()["result"])
        self.assertTrue(r["verification"]["ok"])
        self.assertEqual(r["verification"]["class"], "local_recompute")
        self.assertIn("Could not reach", r["offline_reason"])
        self.assertEqual(svc_client.exit_code_of(r), 0)

    def test_live_when_the_service_answers(self):
        server = shared_server()
        r = svc_client.demo(client=svc_client.Client(server.url, env={}))
        self.assertEqual(r["mode"], "live", r)
        self.assertNotIn("offline_reason", r)
        self.assertEqual(r["result"]["certainty"], CERTIFIED)
        self.assertEqual(r["result"]["cut_value"], bundled()["result"]["cut_value"])
        self.assertTrue(r["verification"]["ok"])

    def test_a_reachable_service_that_refuses_is_not_offline(self):
        def handler(req):
            if req.path == "/api/v1/sandbox":
                return json_reply(200, {"token": "sbx_1"})
            return problem_reply(403, "SVC_FORBIDDEN", "not for you")

        with StubServer(handler) as stub:
            r = svc_client.demo(client=svc_client.Client(stub.url, env={}))
        self.assertNotIn("mode", r)
        self.assertEqual((r["code"], r["exit_code"]), ("SVC_FORBIDDEN", 2))

    def test_a_live_answer_that_does_not_recompute_is_reported_as_such(self):
        wrong = {**bundled()["result"], "cut_value": 1}

        def handler(req):
            if req.path == "/api/v1/sandbox":
                return json_reply(200, {"token": "sbx_1"})
            return json_reply(200, wrong)

        with StubServer(handler) as stub:
            r = svc_client.demo(client=svc_client.Client(stub.url, env={}))
        self.assertEqual(r["mode"], "live")
        self.assertFalse(r["verification"]["ok"])


if __name__ == "__main__":
    unittest.main()
