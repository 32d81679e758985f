#!/usr/bin/env python3
"""Whether `rooflab run` with one MPI rank per GPU placed each rank's results under its own GPU's
roofs: rank R's results file (RESULTS.rankR.json) names cuda:R with the ceilings the cluster
profile gives R's node, and every result ran on that GPU. Prints how many results each rank
placed; exits 1 (an assertion) when a rank's results are not its own GPU's.

usage: ranks_placed.py CLUSTER.json RESULTS.json   (ranks 0 and 1)
"""
import json
import sys


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    cluster = json.load(open(sys.argv[1]))
    for rank in (0, 1):
        results = json.load(open(sys.argv[2].replace(".json", f".rank{rank}.json")))
        device = results["machine"]["devices"][0]
        node = next(n for n in cluster["nodes"] if rank in n["ranks"])
        assert device["id"] == f"cuda:{rank}", rank
        assert device["ceilings"] == node["machine"]["devices"][0]["ceilings"], rank
        placed = [r for r in results["results"] if r.get("placement") is not None]
        assert placed and all(r["device"] == device["id"] for r in results["results"]), rank
        print(f"rank {rank}: {len(placed)} of {len(results['results'])} results placed on "
              f"{node['name']}")


if __name__ == "__main__":
    main()
