#!/usr/bin/env python3
"""Summarizes `rooflab run -d cpu --family reduce --machine M` runs for docs/performance.md: per
operation, type and length, the best Rooflab variant against the faster OpenBLAS variant of the
same run (issue target >= 1.00x) and against the probe's read ceiling of the level the data lives
in at the best variant's thread count (its per-thread share against the caches), at that thread
count (target >= 0.95). Medians over the runs, with the range.
Exits 1 when a result failed.

usage: cpu_reduce_summary.py RESULTS.json...
"""
import json
import statistics
import sys


def rate(r):
    return r["work"]["bytes"] / r["time"]["median"]


def read_ceiling(device, level, threads):
    for m in device["ceilings"]["memory"]:
        if m["level"] == level and m["kernel"] == "read" and m["threads"] == threads:
            return m["bytes_per_s"]["median"]
    return None


def ratios(doc):
    """{(op, precision, n): (best / OpenBLAS, best / read ceiling, best variant and level)}."""
    device = next(d for d in doc["machine"]["devices"] if d["id"] == "cpu")
    groups = {}
    for r in doc["results"]:
        if r["family"] != "reduce" or r["device"] != "cpu" or r["work"]["precision"] == "int32":
            continue
        key = (r["params"]["op"], r["work"]["precision"], r["params"]["n"])
        groups.setdefault(key, []).append(r)
    out = {}
    for key, rs in groups.items():
        ours = [r for r in rs if not r["variant"].startswith("openblas")]
        blas = [r for r in rs if r["variant"].startswith("openblas")]
        if not ours:
            continue
        best = max(ours, key=rate)
        ceiling = read_ceiling(device, best["level"], best["params"]["threads"])
        # No OpenBLAS result where its self-check left the case out (reduce_not_offered).
        out[key] = (rate(best) / max(rate(r) for r in blas) if blas else None,
                    rate(best) / ceiling if ceiling else float("nan"),
                    f"{best['variant']} ({best['level']})")
    return out


def spread(values):
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def main():
    docs = [json.load(open(path)) for path in sys.argv[1:]]
    failed = [r for d in docs for r in d["results"]
              if r["family"] == "reduce" and (r.get("error") or
                                              r["verification"]["status"] != "passed")]
    for r in failed:
        print(f"FAILED {r['variant']} {json.dumps(r['params'])}")
    per_run = [ratios(d) for d in docs]
    keys = sorted(set().union(*per_run))
    print(f"{len(docs)} runs; median (min–max) over the runs\n")
    print("| op | type | n | best / OpenBLAS | best / read ceiling | best variants (level) |")
    print("|---|---|---|---|---|---|")
    short = {"blas": 0, "ceiling": 0}
    compared = 0
    for key in keys:
        runs = [run[key] for run in per_run if key in run]
        blas = [r[0] for r in runs if r[0] is not None]
        ceiling = [r[1] for r in runs]
        if blas:
            compared += 1
            short["blas"] += statistics.median(blas) < 1.0
        short["ceiling"] += statistics.median(ceiling) < 0.95
        names = ", ".join(sorted({r[2] for r in runs}))
        print(f"| {key[0]} | {key[1]} | {key[2]} | {spread(blas) if blas else 'not offered'} "
              f"| {spread(ceiling)} | {names} |")
    print(f"\nmedian below 1.00x OpenBLAS at {short['blas']} of {compared} lengths; "
          f"below 0.95 of the read ceiling at {short['ceiling']} of {len(keys)}")
    for d in docs[:1]:
        for device in d["machine"]["devices"]:
            if device["id"] == "cpu":
                for line in device["facts"].get("reduce_not_offered", []):
                    print(f"not offered: {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
