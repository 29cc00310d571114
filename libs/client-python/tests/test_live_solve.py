"""Solving against the real server: certified answers checked by brute force, and remote faults
returned as problem documents with `exit_code` (422 → 3, 401 → 2, server down → SVC_NETWORK, 1)."""
import os
import random
import socket
import unittest

from svc_test_support import brute_max_cut, brute_min_qubo, shared_server

import svc_client

CERTIFIED = "certified optimum (proven by exhaustion)"


def random_maxcut(n, seed):
    rnd = random.Random(seed)
    edges = [[i, j, rnd.randint(1, 9)] for i in range(n) for j in range(i + 1, n) if rnd.random() < 0.5]
    return {"description": "Split the depots into two regions to maximise cross-region volume.", "n": n, "edges": edges}


def random_qubo(n, seed):
    rnd = random.Random(seed)
    linear = {str(i): rnd.randint(-5, 5) for i in range(n) if rnd.random() < 0.8}
    quadratic = [[i, j, rnd.randint(-4, 6)] for i in range(n) for j in range(i + 1, n) if rnd.random() < 0.4]
    return {"description": "Choose which projects to fund given pairwise synergies.", "n": n, "linear": linear,
            "quadratic": quadratic}


def closed_port_url():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def setUpModule():
    global SERVER, CLIENT
    SERVER = shared_server()
    CLIENT = svc_client.Client(SERVER.url, env={})


class LiveSolveTest(unittest.TestCase):
    def test_maxcut_certified_and_optimal(self):
        for seed in (1, 2):
            problem = random_maxcut(11, seed)
            r = svc_client.maxcut(problem, seed=0, client=CLIENT)
            self.assertFalse(svc_client.is_error(r), r)
            self.assertEqual(r["certainty"], CERTIFIED)
            self.assertEqual(r["cut_value"], brute_max_cut(problem))
            cut = sum(w for i, j, w in problem["edges"] if r["answer"][i] != r["answer"][j])
            self.assertEqual(cut, r["cut_value"])
            self.assertEqual(r["tag"], "svc-cortex-v1")
            for field in ("receipt", "compute_units", "compute_units_left", "elapsed_ms", "observability", "version"):
                self.assertIn(field, r)

    def test_certificate_from_the_service_checks_locally_and_none_omits_it(self):
        ring = {"description": "split a ring of six offices", "n": 6,
                "edges": [[i, (i + 1) % 6, 1] for i in range(6)]}
        r = CLIENT.solve("maxcut", ring, effort="high")
        self.assertFalse(svc_client.is_error(r), r)
        self.assertEqual(r["certificate"], {"kind": "bipartite"})
        report = svc_client.check_certificate(ring, r, command="maxcut")
        self.assertEqual((report["ok"], report["optimal"], report["bound"]), (True, True, "6"))
        none = svc_client.maxcut(ring, effort="high", certificate="none", client=CLIENT)
        self.assertIsNone(none["certificate"])
        self.assertIn("certificate=none", none["certificate_omitted"])

    def test_optimize_certified_and_optimal(self):
        problem = random_qubo(10, 3)
        r = svc_client.optimize(problem, client=CLIENT)
        self.assertFalse(svc_client.is_error(r), r)
        self.assertEqual(r["certainty"], CERTIFIED)
        self.assertEqual(r["energy"], brute_min_qubo(problem))

    def test_solve_long_form_with_effort_alias_and_seed_is_reproducible(self):
        problem = random_maxcut(8, 5)
        a = svc_client.solve("maxcut", problem, effort="max", seed=7, client=CLIENT)
        b = CLIENT.solve("maxcut", problem, effort="high", seed=7)
        self.assertEqual((a.get("effort"), a.get("seed")), ("high", 7), a)
        self.assertEqual(a["receipt"], b["receipt"])

    def test_module_functions_use_the_environment(self):
        saved = os.environ.get("SVC_BASE_URL")
        os.environ["SVC_BASE_URL"] = SERVER.url
        try:
            r = svc_client.maxcut(random_maxcut(6, 9))
        finally:
            if saved is None:
                del os.environ["SVC_BASE_URL"]
            else:
                os.environ["SVC_BASE_URL"] = saved
        self.assertFalse(svc_client.is_error(r), r)

    def test_422_invalid_input_is_a_document_with_exit_3(self):
        r = CLIENT.maxcut({"description": "An empty graph is not a problem.", "n": 3, "edges": []})
        self.assertEqual((r["code"], r["status"], r["retryable"], r["exit_code"]), ("SVC_INVALID_INPUT", 422, False, 3))
        for field in ("type", "title", "detail", "help", "agent_fix_prompt", "next_actions", "error"):
            self.assertIn(field, r)
        self.assertNotIn("tag", r)

    def test_the_client_fills_tag_but_never_description(self):
        r = CLIENT.maxcut({"n": 2, "edges": [[0, 1, 1]]})
        self.assertEqual((r["code"], r["exit_code"]), ("SVC_MISSING_DESCRIPTION", 3))
        wrong_tag = CLIENT.maxcut({"tag": "other", "description": "A tag the service must judge.", "n": 2,
                                   "edges": [[0, 1, 1]]})
        self.assertEqual(wrong_tag["code"], "SVC_INVALID_INPUT")

    def test_401_is_a_document_with_exit_2(self):
        r = svc_client.maxcut(random_maxcut(4, 1), client=svc_client.Client(SERVER.url, api_key="svc_bogus", env={}))
        self.assertEqual((r["code"], r["status"], r["exit_code"]), ("SVC_UNAUTHENTICATED", 401, 2))

    def test_unknown_command_and_bad_effort_are_exit_3(self):
        r = CLIENT.solve("no-such-command", {"description": "Nothing to see here.", "n": 1})
        self.assertEqual((r["code"], r["status"], r["exit_code"]), ("SVC_UNSUPPORTED", 404, 3))
        r = CLIENT.maxcut(random_maxcut(4, 1), effort="ultra")
        self.assertEqual((r["code"], r["exit_code"]), ("SVC_INVALID_INPUT", 3))

    def test_server_down_is_network_exit_1(self):
        c = svc_client.Client(closed_port_url(), env={}, retry_base_s=0.01)
        r = svc_client.maxcut(random_maxcut(4, 1), client=c)
        self.assertEqual((r["code"], r["retryable"], r["exit_code"]), ("SVC_NETWORK", True, 1))
        self.assertIn("Could not reach", r["detail"])

    def test_wrong_argument_types_raise(self):
        with self.assertRaises(TypeError):
            CLIENT.maxcut("not a mapping")
        with self.assertRaises(TypeError):
            CLIENT.maxcut({"n": 1}, seed="7")
        with self.assertRaises(TypeError):
            CLIENT.solve(None, {"n": 1})
        with self.assertRaises(ValueError):
            svc_client.Client("ftp://example.invalid")

    def test_unencodable_problem_is_a_local_document(self):
        r = CLIENT.maxcut({"description": "weights must be finite", "n": 2, "edges": [[0, 1, float("nan")]]})
        self.assertEqual((r["code"], r["exit_code"]), ("SVC_INVALID_INPUT", 3))


class LiveCatalogueTest(unittest.TestCase):
    def test_capabilities_and_schema(self):
        caps = svc_client.capabilities(client=CLIENT)
        self.assertEqual(caps["tag"], "svc-cortex-v1")
        s = svc_client.schema("maxcut", client=CLIENT)
        self.assertEqual(s["name"], "maxcut")
        self.assertIn("edges", s["input_schema"]["properties"])
        names = {c["name"] for c in caps["commands"]} | {c["name"] for c in caps["other_commands"]}
        self.assertEqual(names, set(svc_client.COMMANDS))
        missing = svc_client.schema("no-such-command", client=CLIENT)
        self.assertEqual((missing["code"], missing["exit_code"]), ("SVC_UNSUPPORTED", 3))

    def test_models_pricing_sandbox_health(self):
        models = svc_client.models(client=CLIENT)
        self.assertIn("default", models)
        self.assertTrue(models["versions"])
        self.assertIn("plans", svc_client.pricing(client=CLIENT))
        self.assertTrue(svc_client.sandbox(client=CLIENT)["token"])
        self.assertEqual(svc_client.health(client=CLIENT)["status"], "ok")

    def test_pinned_version_is_echoed_and_unknown_version_rejected(self):
        default = svc_client.models(client=CLIENT)["default"]
        r = CLIENT.maxcut(random_maxcut(5, 2), version=default)
        self.assertEqual(r["version"], default)
        bad = CLIENT.maxcut(random_maxcut(5, 2), version="1999-01-01")
        self.assertEqual((bad["code"], bad["exit_code"]), ("SVC_UNKNOWN_VERSION", 3))


if __name__ == "__main__":
    unittest.main()
