"""Every helper, account, key, job and binary route against the real server."""
import json
import os
import random
import time
import unittest
import uuid

from svc_test_support import RealServer, brute_max_cut, brute_min_qubo, shared_server
from svc_test_support.real_server import SHARED_ENV

import svc_client
from svc_client import encode_svcb

CERTIFIED = "certified optimum (proven by exhaustion)"


def small_maxcut(n=9, seed=4):
    rnd = random.Random(seed)
    edges = [[i, j, rnd.randint(1, 7)] for i in range(n) for j in range(i + 1, n) if rnd.random() < 0.5]
    return {"description": "Split the sites into two shifts to maximise handovers.", "n": n, "edges": edges}


def big_maxcut(n, seed):
    rnd = random.Random(seed)
    edges = [[i, j, rnd.randint(1, 9)] for i in range(n) for j in rnd.sample(range(n), 6) if i < j]
    return {"description": "Partition a large sensor network into two halves.", "n": n, "edges": edges}


def outbox_token(data_dir, email):
    with open(os.path.join(data_dir, "outbox", "outbox.jsonl"), encoding="utf-8") as f:
        mails = [json.loads(line) for line in f]
    return [m for m in mails if m["to"] == email][-1]["token"]


def setUpModule():
    global SERVER, CLIENT
    SERVER = shared_server()
    CLIENT = svc_client.Client(SERVER.url, env={})


class HelperRoutesTest(unittest.TestCase):
    def test_analyze_and_its_aliases_are_free_and_match_the_solve_charge(self):
        problem = small_maxcut()
        reports = [CLIENT.analyze("maxcut", problem, effort="high"), CLIENT.estimate("maxcut", problem, effort="high"),
                   svc_client.preflight("maxcut", problem, effort="high", client=CLIENT)]
        for r in reports:
            self.assertFalse(svc_client.is_error(r), r)
            self.assertEqual((r["command"], r["valid"], r["charged"], r["effort"]), ("maxcut", True, 0, "high"))
        solved = CLIENT.maxcut(problem, effort="high")
        self.assertEqual(solved["compute_units"], reports[0]["compute_units"])
        bad = CLIENT.analyze("maxcut", {**problem, "edges": []})
        self.assertEqual((bad["code"], bad["exit_code"]), ("SVC_INVALID_INPUT", 3))

    def test_route_ranks_maxcut_first_for_a_graph(self):
        r = svc_client.route({"description": "Which command fits this weighted graph?", "n": 4,
                              "edges": [[0, 1, 1], [1, 2, 1], [2, 3, 1]]}, client=CLIENT)
        self.assertFalse(svc_client.is_error(r), r)
        self.assertEqual(r["candidates"][0]["command"], "maxcut")
        self.assertIn("confidence", r["candidates"][0])

    def test_verify_passes_a_solved_answer_and_fails_a_wrong_one(self):
        problem = small_maxcut()
        solved = CLIENT.maxcut(problem)
        good = svc_client.verify("maxcut", problem, solved["answer"], client=CLIENT)
        self.assertTrue(good["ok"], good)
        self.assertTrue(all(c["ok"] for c in good["checks"]))
        short = CLIENT.verify("maxcut", problem, [0] * (problem["n"] - 1))
        self.assertFalse(short["ok"], short)
        overstated = CLIENT.verify("maxcut", problem, {"answer": solved["answer"], "cut_value": solved["cut_value"] + 1})
        self.assertFalse(overstated["ok"], overstated)
        self.assertEqual(overstated["objective"], solved["cut_value"])

    def test_compute_routes_by_shape_and_solves(self):
        problem = small_maxcut(8, 11)
        r = svc_client.compute(problem, client=CLIENT)
        self.assertFalse(svc_client.is_error(r), r)
        self.assertEqual(r["routed"]["command"], "maxcut")
        self.assertEqual(r["cut_value"], brute_max_cut(problem))

    def test_compute_binary_matches_the_json_lane(self):
        problem = small_maxcut(10, 12)
        binary = svc_client.compute_binary("maxcut", problem, seed=3, client=CLIENT)
        self.assertFalse(svc_client.is_error(binary), binary)
        self.assertEqual(binary["certainty"], CERTIFIED)
        self.assertEqual(binary["cut_value"], brute_max_cut(problem))
        as_json = CLIENT.maxcut(problem, seed=3)
        self.assertEqual(binary["receipt"], as_json["receipt"], "JSON and SVCB of one problem give one receipt")
        qubo = {"description": "A small integer QUBO sent as bytes.", "n": 3, "linear": {"0": -2, "2": 1},
                "quadratic": [[0, 1, 3], [1, 2, -4]]}
        self.assertEqual(CLIENT.compute_binary("optimize", qubo)["energy"], brute_min_qubo(qubo))
        self.assertEqual(len(encode_svcb("optimize", qubo)), 24 + len(qubo["description"]) + 2 * 8 + 2 * 12)

    def test_catalogue_routes(self):
        self.assertFalse(svc_client.is_error(svc_client.formulate("maxcut", client=CLIENT)))
        examples = svc_client.examples(client=CLIENT)
        self.assertFalse(svc_client.is_error(examples), examples)
        card = svc_client.agent_card(client=CLIENT)
        self.assertFalse(svc_client.is_error(card), card)
        openapi = svc_client.openapi(client=CLIENT)
        self.assertTrue(str(openapi.get("openapi", "")).startswith("3."), openapi)
        unknown = CLIENT.formulate("no-such-command")
        self.assertEqual(unknown["exit_code"], 3)

    def test_idempotent_replay_and_conflict(self):
        key = f"py-{uuid.uuid4()}"
        problem = small_maxcut(7, 21)
        first = CLIENT.maxcut(problem, idempotency_key=key)
        replay = CLIENT.maxcut(problem, idempotency_key=key)
        self.assertEqual(replay["receipt"], first["receipt"])
        conflict = CLIENT.maxcut(small_maxcut(7, 22), idempotency_key=key)
        self.assertEqual((conflict["code"], conflict["status"], conflict["exit_code"]), ("SVC_IDEMPOTENCY_CONFLICT", 409, 3))

    def test_usage_of_the_sandbox(self):
        r = svc_client.usage(client=CLIENT)
        self.assertFalse(svc_client.is_error(r), r)
        self.assertEqual(svc_client.report(client=CLIENT).keys(), r.keys())


class AccountsTest(unittest.TestCase):
    def test_register_verify_keys_and_revoke(self):
        email = f"py-{uuid.uuid4().hex[:10]}@example.com"
        reg = svc_client.register(email, client=CLIENT)
        self.assertFalse(svc_client.is_error(reg), reg)
        token = reg["key"]["token"]
        me = svc_client.Client(SERVER.url, api_key=token, env={})

        blocked = me.maxcut(small_maxcut())
        self.assertEqual((blocked["code"], blocked["status"], blocked["exit_code"]), ("SVC_FORBIDDEN", 403, 2))
        time.sleep(1.1)  # the server's resend gap is 1 s here (SVC_EMAIL_RESEND_SECONDS)
        self.assertEqual(me.resend_verification()["status"], "sent")
        again = svc_client.register(email, client=CLIENT)
        self.assertEqual(again["exit_code"], 3)
        bad_link = svc_client.verify_email("not-a-token", client=CLIENT)
        self.assertEqual((bad_link["code"], bad_link["exit_code"]), ("SVC_INVALID_INPUT", 3))

        verified = svc_client.verify_email(outbox_token(SERVER.data_dir, email), client=CLIENT)
        self.assertTrue(verified["email_verified"], verified)
        self.assertEqual(me.resend_verification()["status"], "already_verified")
        problem = small_maxcut()
        self.assertEqual(me.maxcut(problem)["cut_value"], brute_max_cut(problem))

        solver = me.keys_create(["solve"], name="py-solver")
        analyst = svc_client.keys_create(["analyze"], client=me)
        self.assertTrue(solver["token"] and analyst["token"])
        names = [k["name"] for k in me.keys_list()["keys"]]
        self.assertIn("py-solver", names)
        solver_client = svc_client.Client(SERVER.url, api_key=solver["token"], env={})
        self.assertFalse(svc_client.is_error(solver_client.maxcut(problem)))
        no_scope = svc_client.Client(SERVER.url, api_key=analyst["token"], env={}).maxcut(problem)
        self.assertEqual((no_scope["code"], no_scope["exit_code"]), ("SVC_FORBIDDEN", 2))
        self.assertEqual(solver_client.keys_list()["exit_code"], 2)

        self.assertEqual(svc_client.keys_revoke(solver["id"], client=me)["status"], "revoked")
        revoked = solver_client.maxcut(problem)
        self.assertEqual((revoked["code"], revoked["status"], revoked["exit_code"]), ("SVC_TOKEN_BLOCKED", 403, 2))
        missing = me.keys_revoke("key_does_not_exist")
        self.assertEqual((missing["code"], missing["exit_code"]), ("SVC_NOT_FOUND", 3))
        self.assertFalse(svc_client.is_error(me.usage()))


class QueuedJobsTest(unittest.TestCase):
    """A server that queues every solve (SVC_QUEUE_THRESHOLD_WORK=1): real 202s and polls."""

    @classmethod
    def setUpClass(cls):
        cls.server = RealServer({**SHARED_ENV, "SVC_QUEUE_THRESHOLD_WORK": "1"}).start()
        cls.client = svc_client.Client(cls.server.url, env={})

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_a_queued_solve_is_followed_to_its_result(self):
        problem = small_maxcut(10, 31)
        r = self.client.maxcut(problem)
        self.assertFalse(svc_client.is_error(r), r)
        self.assertEqual(r["cut_value"], brute_max_cut(problem))
        self.assertEqual(r["tag"], "svc-cortex-v1")

    def test_no_wait_then_jobs(self):
        problem = small_maxcut(9, 32)
        ack = svc_client.maxcut(problem, wait=False, client=self.client)
        self.assertEqual(ack["status"], "queued", ack)
        self.assertIn("wait=30", ack["poll"])
        record = svc_client.jobs(ack["job_id"], client=self.client)
        self.assertEqual(record["job_id"], ack["job_id"])
        self.assertIn(record["status"], ("queued", "running", "done"))
        done = svc_client.jobs(ack["job_id"], wait=True, client=self.client)
        self.assertEqual(done["cut_value"], brute_max_cut(problem))

    def test_wait_timeout_then_resume_or_cancel_never_resubmits(self):
        heavy = big_maxcut(6000, 33)
        r = self.client.maxcut(heavy, effort="high", wait=1)
        self.assertEqual((r["code"], r["exit_code"]), ("SVC_JOB_WAIT_TIMEOUT", 1), r)
        job_id = r["job_id"]
        cancelled = svc_client.cancel(job_id, client=self.client)
        self.assertFalse(svc_client.is_error(cancelled), cancelled)
        record = self.client.jobs(job_id, wait=30)
        self.assertEqual((record["code"], record["job_id"]), ("SVC_ERROR", job_id))
        self.assertEqual(self.client.jobs(job_id)["status"], "cancelled")
        unknown = self.client.jobs("job_does_not_exist")
        self.assertEqual((unknown["code"], unknown["exit_code"]), ("SVC_NOT_FOUND", 3))


class SandboxRotationTest(unittest.TestCase):
    """A server rotating its sandbox token every second with no grace: the client re-fetches once."""

    def test_rejected_token_is_refetched(self):
        server = RealServer({**SHARED_ENV, "SVC_SANDBOX_ROTATE_SECONDS": "1", "SVC_SANDBOX_GRACE_SECONDS": "0"}).start()
        try:
            client = svc_client.Client(server.url, env={})
            problem = small_maxcut(6, 41)
            self.assertFalse(svc_client.is_error(client.maxcut(problem)))
            first = client._sandbox_token
            time.sleep(1.3)  # past the 1 s rotation period
            r = client.maxcut(problem)
            self.assertFalse(svc_client.is_error(r), r)
            self.assertNotEqual(client._sandbox_token, first)
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
