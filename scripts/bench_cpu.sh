#!/usr/bin/env bash
# The CPU benchmark behind docs/performance.md: N bare `rooflab` runs (probe + default suite,
# each run its own same-session reference), then the medians over runs, then the nested SAXPY's
# memory-bound depths against the probe's DRAM kernels sampled in turn over the same seconds.
# usage: scripts/bench_cpu.sh [N=3] [OUT=bench-cpu]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
out=${2:-bench-cpu}
scripts/setup.sh
cmake --build --preset release --target rooflab_paired_dram_bench >/dev/null
for i in $(seq 1 "$runs"); do
  /usr/bin/time -f "run $i: %e s wall" build/release/roofline/cli/rooflab -o "$out/run$i" >/dev/null
done
python3 tools/summaries/perf_summary.py "$out"/run*
build/release/tests/bench/rooflab_paired_dram_bench
