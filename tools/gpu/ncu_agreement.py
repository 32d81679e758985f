#!/usr/bin/env python3
"""Rooflab's counts of a profiled program's kernels against Nsight Compute's on the same launches.

usage: ncu_agreement.py PROFILE.json NCU.csv
NCU.csv: `ncu --csv --print-kernel-base mangled --metrics M1,M2,... PROGRAM` (its details page:
one row per kernel launch and metric). Each kernel and shape of the profile that Rooflab counted
is matched with Nsight Compute's first launch of the same name (demangled by c++filt, as Rooflab
demangles), grid and block; every metric both read is printed with the ratio Rooflab / Nsight
Compute.
"""
import csv
import json
import subprocess
import sys


def demangled(names):
    """The names as c++filt (the C++ ABI's demangler, as Rooflab's) spells them."""
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True,
                         check=True).stdout.splitlines()
    return dict(zip(names, out))


def ncu_launches(path):
    """{(name, grid, block): {metric: value}} of each kernel's first launch, in launch order."""
    launches = {}
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(f) if r]
    header_at = next(i for i, r in enumerate(rows) if "Metric Name" in r)
    header = rows[header_at]
    col = {name: header.index(name) for name in header}
    by_id = {}
    for r in rows[header_at + 1:]:
        if len(r) < len(header):
            continue
        launch = by_id.setdefault(r[col["ID"]], {"name": r[col["Kernel Name"]],
                                                 "grid": r[col["Grid Size"]],
                                                 "block": r[col["Block Size"]], "metrics": {}})
        value = r[col["Metric Value"]].replace(",", "")
        try:
            launch["metrics"][r[col["Metric Name"]]] = float(value)
        except ValueError:
            pass
    names = demangled(sorted({launch["name"] for launch in by_id.values()}))
    for launch in by_id.values():
        key = (names[launch["name"]], launch["grid"].replace(" ", ""),
               launch["block"].replace(" ", ""))
        launches.setdefault(key, launch["metrics"])
    return launches


def main():
    profile = json.load(open(sys.argv[1]))
    ncu = ncu_launches(sys.argv[2])
    worst = 0.0
    matched = 0
    print(f"{'kernel':48} {'metric':52} {'rooflab':>14} {'ncu':>14} {'ratio':>8}")
    for r in profile["results"]:
        if not r.get("counters"):
            continue
        p = r["params"]
        key = (p["kernel"], "({})".format(",".join(map(str, p["grid"]))),
               "({})".format(",".join(map(str, p["block"]))))
        theirs = ncu.get(key)
        if theirs is None:
            continue
        matched += 1
        for metric, counter in sorted(r["counters"].items()):
            if counter["value"] is None or metric not in theirs or "time_duration" in metric:
                continue
            ours, ref = counter["value"], theirs[metric]
            if ours == 0 and ref == 0:
                continue
            ratio = ours / ref if ref else float("inf")
            if "dram" not in metric:  # DRAM traffic differs run to run (what the L2 kept)
                worst = max(worst, abs(ratio - 1))
            print(f"{r['variant'][:48]:48} {metric[:52]:52} {ours:14.6g} {ref:14.6g} {ratio:8.4f}")
    print(f"{matched} kernels matched; largest difference outside DRAM: {worst:.4%}")
    return 0 if matched > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
