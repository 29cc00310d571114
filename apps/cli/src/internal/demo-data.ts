/**
 * The bundled demo of `svc demo`: one max-cut problem and the result the service returned for it
 * (certified by exhaustive search, engine ts, model 2026-11-01; the same data as the Python client's
 * `_demo.json`). It is shown only when the service is unreachable, as `mode: offline_precomputed`.
 * The e2e suite solves it live and checks that the receipt still matches.
 */
export const DEMO = {
  "command": "maxcut",
  "problem": {
    "description": "Split ten warehouses into two regions so that the most shipping volume crosses regions.",
    "n": 10,
    "edges": [
      [0, 1, 4],
      [0, 2, 3],
      [0, 5, 2],
      [1, 2, 5],
      [1, 3, 1],
      [1, 6, 3],
      [2, 4, 2],
      [2, 7, 4],
      [3, 4, 6],
      [3, 8, 2],
      [4, 5, 3],
      [4, 9, 1],
      [5, 6, 4],
      [6, 7, 2],
      [6, 9, 5],
      [7, 8, 3],
      [8, 9, 4],
      [5, 9, 2]
    ]
  },
  "effort": "medium",
  "seed": 0,
  "result": {
    "answer": [1, 0, 1, 0, 1, 0, 1, 0, 1, 0],
    "cut_value": 48,
    "certainty": "certified optimum (proven by exhaustion)",
    "proof": "exhaustive",
    "receipt": "svcr_0aebb0fee69343793cbc89d947130048cda5b17861dd13ba845e768e8c7d560d",
    "compute_units": 2,
    "compute_units_left": 9998,
    "elapsed_ms": 4.224,
    "peak_rss_kb": 81336,
    "observability": {
      "queue_ms": 6.347,
      "compute_ms": 4.529,
      "total_ms": 35.465
    },
    "tag": "svc-cortex-v1",
    "version": "2026-11-01",
    "engine": "ts",
    "effort": "medium",
    "seed": 0
  },
  "precomputed": {
    "at": "2026-11-21T06:48:15Z",
    "engine": "ts",
    "version": "2026-11-01",
    "receipt": "svcr_0aebb0fee69343793cbc89d947130048cda5b17861dd13ba845e768e8c7d560d",
    "verification": "certified by the service (exhaustive search); cut re-computed locally"
  }
} as const;
