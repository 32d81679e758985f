#!/usr/bin/env bash
# What a change to rooflab costs in time: the nested SAXPY sweep run alternately by a baseline
# rooflab (A) and another (B), N times each, results in OUT; prints the median over cases of B / A
# (each case's time the median over a binary's runs), with the lowest and highest.
# usage: tools/cpu/overhead_ab.sh BASELINE_ROOFLAB ROOFLAB [N=3] [SIZE=2M] [OUT=overhead-ab]
set -euo pipefail
a=$1 b=$2 runs=${3:-3} size=${4:-2M} out=${5:-overhead-ab}
mkdir -p "$out"
for i in $(seq 1 "$runs"); do
  for which in a b; do
    bin=$a; [[ $which == b ]] && bin=$b
    "$bin" run --family nested_saxpy --size "$size" --repetitions 5 -o "$out/$which$i.json" >/dev/null
  done
done
python3 - "$out" "$runs" <<'PY'
import json, statistics, sys
out, runs = sys.argv[1], int(sys.argv[2])
def medians(which):
    per_case = {}
    for i in range(1, runs + 1):
        for r in json.load(open(f"{out}/{which}{i}.json"))["results"]:
            key = (r["variant"], r["work"]["precision"], r["params"]["m"])
            per_case.setdefault(key, []).append(r["time"]["median"])
    return {k: statistics.median(v) for k, v in per_case.items()}
a, b = medians("a"), medians("b")
ratios = sorted(b[k] / a[k] for k in a if k in b)
print(f"{len(ratios)} cases, {runs} runs each: median B/A {statistics.median(ratios):.4f}, "
      f"min {ratios[0]:.4f}, max {ratios[-1]:.4f}")
PY
