"""Job following (stub server): a 202 is long-polled to done/failed/cancelled; a wait that ends
while the job runs is SVC_JOB_WAIT_TIMEOUT; the solve is never resubmitted."""
import unittest

from svc_test_support import FakeClock, StubServer, json_reply, problem_reply

import svc_client

PROBLEM = {"description": "Split a big graph into two halves.", "n": 3, "edges": [[0, 1, 1], [1, 2, 1]]}
RESULT = {"answer": [0, 1, 0], "cut_value": 2, "certainty": "certified optimum (proven by exhaustion)",
          "tag": "svc-cortex-v1", "receipt": "svcr_x"}


class Job:
    """202 on the solve, then `polls` answers in turn (the last repeats)."""

    def __init__(self, *polls, poll_url="/api/v1/jobs/job123?wait=30"):
        self.polls = list(polls)
        self.poll_url = poll_url

    def __call__(self, req):
        if req.path == "/api/v1/sandbox":
            return json_reply(200, {"token": "sbx_1"})
        if req.method == "POST" and req.path.startswith("/api/v1/solve/"):
            return json_reply(202, {"status": "queued", "job_id": "job123", "poll": self.poll_url,
                                    "compute_units": 4, "tag": "svc-cortex-v1"})
        if req.path == "/api/v1/jobs/job123":
            status = self.polls.pop(0) if len(self.polls) > 1 else self.polls[0]
            return json_reply(200, status) if isinstance(status, dict) else status
        if req.path == "/api/v1/jobs/job123/cancel":
            return json_reply(200, {"job_id": "job123", "status": "cancelled"})
        return problem_reply(404, "SVC_NOT_FOUND")


def running(share=0.5):
    return {"job_id": "job123", "status": "running", "progress": {"share": share}}


def client(url, clock):
    return svc_client.Client(url, env={}, sleep=clock.sleep, monotonic=clock.monotonic)


class JobFollowTest(unittest.TestCase):
    def test_202_then_done_returns_the_result(self):
        with StubServer(Job({"job_id": "job123", "status": "queued"}, running(),
                            {"job_id": "job123", "status": "done", "result": RESULT})) as stub:
            clock = FakeClock()
            r = client(stub.url, clock).maxcut(PROBLEM)
        self.assertEqual(r, RESULT)
        self.assertEqual(stub.paths("POST"), ["/api/v1/solve/maxcut"], "the solve is sent once")
        polls = [q for q in stub.requests if q.path == "/api/v1/jobs/job123"]
        self.assertEqual(len(polls), 3)
        for q in polls:
            self.assertEqual(q.headers["authorization"], "Bearer sbx_1")
            self.assertTrue(1 <= int(q.query["wait"]) <= 30, q.query)
        # The long-poll answered at once, so the client paced itself (>= 1 s apart).
        self.assertEqual(len(clock.sleeps), 2)

    def test_wait_timeout_never_resubmits(self):
        with StubServer(Job(running())) as stub:
            clock = FakeClock()
            r = client(stub.url, clock).solve("maxcut", PROBLEM, wait=5)
        self.assertEqual(r["code"], "SVC_JOB_WAIT_TIMEOUT")
        self.assertEqual(r["exit_code"], 1)
        self.assertTrue(r["retryable"])
        self.assertEqual(r["status"], 408)
        self.assertEqual(r["job_id"], "job123")
        self.assertIn("job123", r["detail"])
        self.assertEqual(stub.paths("POST"), ["/api/v1/solve/maxcut"])
        waits = [int(q.query["wait"]) for q in stub.requests if q.path == "/api/v1/jobs/job123"]
        self.assertEqual(waits[0], 5)
        self.assertTrue(all(w <= 5 for w in waits))
        self.assertAlmostEqual(sum(clock.sleeps), 5.0)

    def test_default_wait_uses_the_client_limit_and_caps_wait_at_30(self):
        with StubServer(Job(running())) as stub:
            clock = FakeClock()
            c = svc_client.Client(stub.url, env={}, sleep=clock.sleep, monotonic=clock.monotonic, wait_timeout_s=45)
            r = c.maxcut(PROBLEM)
        self.assertEqual(r["code"], "SVC_JOB_WAIT_TIMEOUT")
        self.assertEqual([int(q.query["wait"]) for q in stub.requests if q.path == "/api/v1/jobs/job123"][0], 30)

    def test_failed_job_returns_its_error_document(self):
        err = {"type": "https://docs.svc.invalid/errors/SVC_ENGINE_FAILURE", "title": "Engine failure", "status": 503,
               "detail": "boom", "code": "SVC_ENGINE_FAILURE", "retryable": True}
        with StubServer(Job({"job_id": "job123", "status": "failed", "error": err})) as stub:
            r = client(stub.url, FakeClock()).maxcut(PROBLEM)
        self.assertEqual((r["code"], r["exit_code"], r["detail"]), ("SVC_ENGINE_FAILURE", 1, "boom"))
        self.assertEqual(stub.paths("POST"), ["/api/v1/solve/maxcut"])

    def test_failed_job_without_document_is_internal(self):
        with StubServer(Job({"job_id": "job123", "status": "failed"})) as stub:
            r = client(stub.url, FakeClock()).maxcut(PROBLEM)
        self.assertEqual(r["code"], "SVC_INTERNAL")

    def test_cancelled_job_is_an_error(self):
        with StubServer(Job({"job_id": "job123", "status": "cancelled"})) as stub:
            r = client(stub.url, FakeClock()).maxcut(PROBLEM)
        self.assertEqual((r["code"], r["exit_code"], r["job_id"]), ("SVC_ERROR", 3, "job123"))

    def test_done_without_result_is_upstream_invalid(self):
        with StubServer(Job({"job_id": "job123", "status": "done"})) as stub:
            r = client(stub.url, FakeClock()).maxcut(PROBLEM)
        self.assertEqual(r["code"], "SVC_UPSTREAM_INVALID_RESPONSE")

    def test_no_wait_returns_the_acknowledgement(self):
        with StubServer(Job(running())) as stub:
            r = client(stub.url, FakeClock()).maxcut(PROBLEM, wait=False)
        self.assertEqual((r["status"], r["job_id"], r["compute_units"]), ("queued", "job123", 4))
        self.assertNotIn("/api/v1/jobs/job123", stub.paths())

    def test_jobs_shows_or_follows_and_cancel_posts(self):
        with StubServer(Job(running(0.2), running(0.7), {"job_id": "job123", "status": "done", "result": RESULT})) as stub:
            c = client(stub.url, FakeClock())
            shown = c.jobs("job123")
            self.assertEqual((shown["status"], shown["progress"]), ("running", {"share": 0.2}))
            self.assertEqual(c.jobs("job123", wait=True), RESULT)
            self.assertEqual(c.cancel("job123")["status"], "cancelled")
        self.assertNotIn("wait", stub.requests[1].query)
        self.assertEqual(stub.paths("POST"), ["/api/v1/jobs/job123/cancel"])

    def test_poll_url_on_another_origin_is_not_sent_credentials(self):
        with StubServer(Job({"job_id": "job123", "status": "done", "result": RESULT},
                            poll_url="http://attacker.invalid/api/v1/jobs/job123?wait=30")) as stub:
            r = client(stub.url, FakeClock()).maxcut(PROBLEM)
        self.assertEqual(r, RESULT)
        self.assertIn("/api/v1/jobs/job123", stub.paths("GET"))

    def test_module_function_follows_too(self):
        with StubServer(Job({"job_id": "job123", "status": "done", "result": RESULT})) as stub:
            r = svc_client.maxcut(PROBLEM, client=client(stub.url, FakeClock()))
        self.assertEqual(r["cut_value"], 2)


if __name__ == "__main__":
    unittest.main()
