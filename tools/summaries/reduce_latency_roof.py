#!/usr/bin/env python3
"""Each reduce result's latency-aware roof (Roofline::least_seconds: the call latency of its thread
count plus its work at its level's fastest ceiling and the precision's peak, as the report's size
study draws it) over its median time; per op, precision and length the best own variant's ratio
(OpenBLAS, the baseline, left out) and the level it was placed in; beside it the same ratio with
the level's fastest read-only ceiling (read, dot) as the bandwidth (a reduction only reads), to
tell a slow kernel from a level whose fastest kernel writes.

usage: reduce_latency_roof.py MACHINE.json RESULTS.json
"""
import collections
import json
import sys


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    machine = json.load(open(sys.argv[1]))
    results = json.load(open(sys.argv[2]))
    ceilings = next(d for d in machine["devices"] if d["id"] == "cpu")["ceilings"]

    def latency(threads):
        v = [lat["seconds"]["median"] for lat in ceilings.get("latency", [])
             if lat["kind"] in ("fork_join", "team_wake", "launch_gap")
             and lat["threads"] == threads]
        return min(v) if v else None

    def bandwidth(level, threads, kernels=None):
        v = [m["bytes_per_s"]["median"] for m in ceilings["memory"]
             if m["level"] == level and m["threads"] == threads
             and (kernels is None or m["kernel"] in kernels)]
        return max(v) if v else None

    def peak(precision, threads):
        v = [c["flops_per_s"]["median"] for c in ceilings["compute"]
             if c["precision"] == precision and c["threads"] == threads]
        return max(v) if v else None

    best = collections.defaultdict(lambda: (0, "", 0))
    for x in results["results"]:
        if (x["family"] != "reduce" or x["backend"] != "cpu" or x["variant"].startswith("openblas")
                or not x.get("time") or x["verification"]["status"] != "passed"):
            continue
        threads, work = x["params"]["threads"], x["work"]
        lat, fastest = latency(threads), bandwidth(x["level"], threads)
        if lat is None or fastest is None:
            continue
        top = peak(work["precision"], threads)

        def ratio(bytes_per_s):
            busy = work["bytes"] / bytes_per_s
            if top:
                busy = max(busy, work["flops"] / top)
            return (lat + busy) / x["time"]["median"]

        read = bandwidth(x["level"], threads, ("read", "dot"))
        key = (x["params"]["op"], work["precision"], x["params"]["n"])
        if ratio(fastest) > best[key][0]:
            best[key] = (ratio(fastest), f"{x['variant']} in {x['level']}",
                         ratio(read) if read else float("nan"))
    print("op precision n | best variant | latency-aware roof / time | with the read ceiling")
    for key in sorted(best):
        print(*key, "|", best[key][1], "|", f"{best[key][0]:.3f}", "|", f"{best[key][2]:.3f}")
    print("lowest", f"{min((b[0] for b in best.values()), default=9):.3f}")


if __name__ == "__main__":
    main()
