#!/usr/bin/env bash
# The CUDA reduce ladder on a GPU machine, from binaries built elsewhere: its planning and GPU
# tests, compute-sanitizer memcheck and racecheck on the GPU test's short sizes, the quick
# `rooflab run -d cuda:0 --family reduce`, a report (length views and the sweep's heat map), and
# the targets table (scripts/cuda_reduce_summary.py) last. Logs and outputs go to OUT_DIR; a
# failing step is reported and the next one still runs. Takes about 3 minutes on an H100.
# usage: scripts/cuda_reduce_check.sh BIN_DIR OUT_DIR
set -uo pipefail
bin=$1
out=$2
mkdir -p "$out"
here=$(dirname "$0")
source "$here/gpu_steps.sh"
step plan_test "$bin/cuda_reduce_plan_test"
step gpu_test timeout 100 "$bin/cuda_reduce_gpu_test"
step memcheck timeout 100 "$sanitizer" --tool memcheck --error-exitcode 1 \
  "$bin/cuda_reduce_gpu_test" --gtest_filter='ReduceGpu.EdgeSizes*'
step racecheck timeout 100 "$sanitizer" --tool racecheck --error-exitcode 1 \
  "$bin/cuda_reduce_gpu_test" --gtest_filter='ReduceGpu.EdgeSizesVerifyInEveryVariant'
step run timeout 180 "$bin/rooflab" run -d cuda:0 --family reduce -o "$out/results.json"
step report "$bin/rooflab" report "$out/results.json" -o "$out/report.html"
python3 "$here/../tools/summaries/cuda_reduce_summary.py" "$out/results.json" >"$out/summary.md" 2>&1 || status=1
cat "$out/summary.md"
exit $status
