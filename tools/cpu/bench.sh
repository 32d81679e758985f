#!/usr/bin/env bash
# The CPU benchmark: builds the release preset (scripts/setup.sh) and the paired DRAM benchmark,
# runs bare `rooflab` N times (probe + default suite, each run its own same-session reference) into
# OUT/runI with each run's wall time, prints the medians over the runs
# (tools/summaries/perf_summary.py), then the nested SAXPY's memory-bound depths against the
# probe's DRAM kernels sampled in turn over the same seconds (rooflab_paired_dram_bench).
# usage: tools/cpu/bench.sh [N=3] [OUT=bench-cpu]   (OUT relative to the repository root)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
out=${2:-bench-cpu}
scripts/setup.sh
cmake --build --preset release --target rooflab_paired_dram_bench >/dev/null
for i in $(seq 1 "$runs"); do
  /usr/bin/time -f "run $i: %e s wall" build/release/roofline/cli/rooflab -o "$out/run$i" >/dev/null
done
python3 tools/summaries/perf_summary.py "$out"/run*
build/release/tests/bench/rooflab_paired_dram_bench
