"""Retries (stub server): retryable codes and network faults are retried with jittered backoff
honouring Retry-After; one Idempotency-Key per logical solve; non-JSON bodies; User-Agent."""
import time
import unittest

from svc_test_support import FakeClock, StubServer, json_reply, problem_reply
from svc_test_support.stub_server import DROP

import svc_client
from svc_client._internal.backoff import parse_retry_after, retry_delay_s

PROBLEM = {"description": "Split four offices into two teams.", "n": 4, "edges": [[0, 1, 1], [1, 2, 1], [2, 3, 1]]}
ENVELOPE = {"answer": [0, 1, 0, 1], "cut_value": 3, "certainty": "certified optimum (proven by exhaustion)",
            "tag": "svc-cortex-v1"}


def scripted(*solve_replies):
    """Answers the sandbox route with a token and the solve route with the replies in order."""
    replies = list(solve_replies)

    def handler(req):
        if req.path == "/api/v1/sandbox":
            return json_reply(200, {"token": "sbx_1"})
        return replies.pop(0) if len(replies) > 1 else replies[0]

    return handler


class RetryTest(unittest.TestCase):
    def client(self, url, clock=None, **kw):
        clock = clock or FakeClock()
        return svc_client.Client(url, env={}, sleep=clock.sleep, monotonic=clock.monotonic, random=lambda: 0.5, **kw)

    def test_503_with_retry_after_then_200_reuses_the_idempotency_key(self):
        with StubServer(scripted(problem_reply(503, "SVC_BUSY", headers={"Retry-After": "1"}),
                                 json_reply(200, ENVELOPE))) as stub:
            clock = FakeClock()
            r = svc_client.maxcut(PROBLEM, client=self.client(stub.url, clock))
        self.assertFalse(svc_client.is_error(r), r)
        self.assertEqual(r["cut_value"], 3)
        solves = [q for q in stub.requests if q.path == "/api/v1/solve/maxcut"]
        self.assertEqual(len(solves), 2)
        keys = {q.headers["idempotency-key"] for q in solves}
        self.assertEqual(len(keys), 1, "one Idempotency-Key across the retries of one solve")
        self.assertRegex(keys.pop(), r"^[0-9a-f-]{36}$")
        self.assertEqual(solves[0].body, solves[1].body)
        # Retry-After 1 s honoured, jitter only adds (at most 1 s here).
        self.assertEqual(len(clock.sleeps), 1)
        self.assertGreaterEqual(clock.sleeps[0], 1.0)
        self.assertLessEqual(clock.sleeps[0], 2.0)

    def test_real_sleep_honours_retry_after(self):
        with StubServer(scripted(problem_reply(503, "SVC_WORKERS_SATURATED", headers={"Retry-After": "1"}),
                                 json_reply(200, ENVELOPE))) as stub:
            started = time.monotonic()
            r = svc_client.Client(stub.url, env={}).solve("maxcut", PROBLEM)
            elapsed = time.monotonic() - started
        self.assertEqual(r["cut_value"], 3)
        self.assertGreaterEqual(elapsed, 1.0)

    def test_separate_solves_get_separate_keys_and_a_given_key_is_used(self):
        with StubServer(scripted(json_reply(200, ENVELOPE))) as stub:
            c = self.client(stub.url)
            c.solve("maxcut", PROBLEM)
            c.solve("maxcut", PROBLEM)
            c.solve("maxcut", PROBLEM, idempotency_key="my-key-1")
        keys = [q.headers["idempotency-key"] for q in stub.requests if q.method == "POST"]
        self.assertEqual(len(set(keys[:2])), 2)
        self.assertEqual(keys[2], "my-key-1")

    def test_retries_are_bounded_and_end_with_the_last_document(self):
        with StubServer(scripted(problem_reply(429, "SVC_RATE_LIMITED", headers={"Retry-After": "2"}))) as stub:
            clock = FakeClock()
            r = self.client(stub.url, clock, retries=2).solve("maxcut", PROBLEM)
        self.assertEqual(r["code"], "SVC_RATE_LIMITED")
        self.assertEqual(r["exit_code"], 1)
        self.assertTrue(r["retryable"])
        self.assertEqual(len(stub.paths("POST")), 3)
        self.assertTrue(all(s >= 2.0 for s in clock.sleeps))

    def test_retry_after_beyond_the_cap_ends_retries(self):
        with StubServer(scripted(problem_reply(429, "SVC_COMPUTE_RATE_LIMIT", headers={"Retry-After": "60"}))) as stub:
            clock = FakeClock()
            r = self.client(stub.url, clock, max_retry_wait_s=15).solve("maxcut", PROBLEM)
        self.assertEqual(r["code"], "SVC_COMPUTE_RATE_LIMIT")
        self.assertEqual(len(stub.paths("POST")), 1)
        self.assertEqual(clock.sleeps, [])

    def test_body_retry_after_is_used_without_the_header(self):
        with StubServer(scripted(problem_reply(503, "SVC_QUEUE_FULL", retry_after=3), json_reply(200, ENVELOPE))) as stub:
            clock = FakeClock()
            self.client(stub.url, clock).solve("maxcut", PROBLEM)
        self.assertGreaterEqual(clock.sleeps[0], 3.0)

    def test_non_retryable_fault_is_not_retried(self):
        with StubServer(scripted(problem_reply(422, "SVC_INVALID_INPUT", "edges: bad"))) as stub:
            clock = FakeClock()
            r = self.client(stub.url, clock).solve("maxcut", PROBLEM)
        self.assertEqual((r["code"], r["exit_code"], r["status"]), ("SVC_INVALID_INPUT", 3, 422))
        self.assertEqual(len(stub.paths("POST")), 1)
        self.assertEqual(clock.sleeps, [])

    def test_dropped_connection_is_a_network_fault_and_is_retried(self):
        with StubServer(scripted(DROP, json_reply(200, ENVELOPE))) as stub:
            clock = FakeClock()
            r = self.client(stub.url, clock).solve("maxcut", PROBLEM)
        self.assertEqual(r["cut_value"], 3)
        posts = [q for q in stub.requests if q.method == "POST"]
        self.assertEqual(len(posts), 2)
        self.assertEqual(posts[0].headers["idempotency-key"], posts[1].headers["idempotency-key"])
        # No Retry-After: equal-jitter backoff from 0.25 s.
        self.assertEqual(len(clock.sleeps), 1)
        self.assertGreaterEqual(clock.sleeps[0], 0.125)
        self.assertLessEqual(clock.sleeps[0], 0.25)

    def test_non_json_body_is_upstream_invalid_and_retried(self):
        html = (403, {"Content-Type": "text/html"}, b"<html><body>Your request was blocked</body></html>")
        with StubServer(scripted(html)) as stub:
            r = self.client(stub.url).solve("maxcut", PROBLEM)
        self.assertEqual(r["code"], "SVC_UPSTREAM_INVALID_RESPONSE")
        self.assertEqual(r["exit_code"], 1)
        self.assertEqual(r["upstream_status"], 403)
        self.assertIn("Your request was blocked", r["detail"])
        self.assertEqual(len(stub.paths("POST")), 3)

    def test_unknown_code_is_upstream_invalid_with_the_body(self):
        with StubServer(scripted(json_reply(400, {"code": "SOMETHING_ELSE"}))) as stub:
            r = self.client(stub.url, retries=0).solve("maxcut", PROBLEM)
        self.assertEqual(r["code"], "SVC_UPSTREAM_INVALID_RESPONSE")
        self.assertEqual(r["upstream_body"], {"code": "SOMETHING_ELSE"})

    def test_redirects_stay_on_one_origin(self):
        with StubServer(lambda req: json_reply(200, {"status": "ok"})) as elsewhere:
            def handler(req):
                if req.path == "/healthz":
                    return 307, {"Location": "/healthz-moved"}, b""
                if req.path == "/healthz-moved":
                    return json_reply(200, {"status": "moved"})
                return 302, {"Location": f"{elsewhere.url}/api/v1/keys"}, b"<p>moved</p>"

            with StubServer(handler) as stub:
                c = self.client(stub.url, api_key="svc_secret", retries=0)
                self.assertEqual(c.health(), {"status": "moved"})
                r = c.keys_list()
        self.assertEqual((r["code"], r["upstream_status"]), ("SVC_UPSTREAM_INVALID_RESPONSE", 302))
        self.assertEqual(elsewhere.requests, [], "the key never reaches another origin")

    def test_user_agent_is_descriptive_and_names_the_agent(self):
        with StubServer(scripted(json_reply(200, ENVELOPE))) as stub:
            self.client(stub.url, agent_family="claude", agent_model="opus 4").solve("maxcut", PROBLEM)
        ua = stub.requests[-1].headers["user-agent"]
        self.assertRegex(ua, r"^svc-client-python/1\.\d+\.\d+ \(python 3\.\d+\.\d+; \w+\) agent/claude/opus-4$")
        self.assertNotIn("Python-urllib", ua)

    def test_agent_family_comes_from_the_environment(self):
        c = svc_client.Client("http://127.0.0.1:9", env={"SVC_AGENT": "gpt", "SVC_AGENT_MODEL": "5"})
        self.assertTrue(c.user_agent.endswith(" agent/gpt/5"))


class BackoffTest(unittest.TestCase):
    def test_retry_after_parsing(self):
        self.assertEqual(parse_retry_after("3", 0), 3.0)
        self.assertEqual(parse_retry_after(" 1.5 ", 0), 1.5)
        self.assertAlmostEqual(parse_retry_after("Wed, 21 Oct 2015 07:28:30 GMT", 1445412480.0), 30.0)
        self.assertEqual(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", 1445412490.0), 0.0)
        self.assertIsNone(parse_retry_after("soon", 0))
        self.assertIsNone(parse_retry_after(None, 0))

    def test_delays(self):
        self.assertEqual(retry_delay_s(0, None, base_s=0.25, cap_s=15, random=lambda: 0.0), 0.125)
        self.assertEqual(retry_delay_s(3, None, base_s=0.25, cap_s=15, random=lambda: 1.0), 2.0)
        self.assertEqual(retry_delay_s(10, None, base_s=0.25, cap_s=15, random=lambda: 1.0), 15)
        self.assertEqual(retry_delay_s(0, 10, base_s=0.25, cap_s=15, random=lambda: 0.0), 10)
        self.assertEqual(retry_delay_s(0, 10, base_s=0.25, cap_s=15, random=lambda: 1.0), 11)
        self.assertIsNone(retry_delay_s(0, 16, base_s=0.25, cap_s=15, random=lambda: 0.0))


if __name__ == "__main__":
    unittest.main()
