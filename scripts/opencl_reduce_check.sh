#!/usr/bin/env bash
# The OpenCL reduce ladder on a GPU machine, from binaries built elsewhere: its plan test and its
# device test on NVIDIA's OpenCL platform (every offered variant at the edge sizes, CLBlast), then
# the quick `rooflab run -d cuda:0 -d opencl:P:0 --family reduce` (CUDA and OpenCL in one run),
# a report, and the targets table (scripts/opencl_reduce_summary.py) last. NVIDIA's OpenCL needs
# OCL_ICD_VENDORS (docs/performance.md); CLBlast's library must be on LD_LIBRARY_PATH. Logs and
# outputs go to OUT_DIR; a failing step is reported and the next one still runs.
# usage: scripts/opencl_reduce_check.sh BIN_DIR OUT_DIR
set -uo pipefail
bin=$1
out=$2
mkdir -p "$out"
here=$(dirname "$0")
source "$here/gpu_steps.sh"
nvidia_opencl "$bin/rooflab"
step plan_test "$bin/opencl_reduce_plan_test"
step gpu_test timeout 100 env ROOFLAB_TEST_OPENCL_DEVICE="$opencl" "$bin/opencl_reduce_test"
step run timeout 210 "$bin/rooflab" run -d cuda:0 -d "$opencl" --family reduce \
  -o "$out/results.json"
step report "$bin/rooflab" report "$out/results.json" -o "$out/report.html"
python3 "$here/../tools/summaries/opencl_reduce_summary.py" "$out/results.json" "$opencl" cuda:0 \
  >"$out/summary.md" 2>&1 || status=1
cat "$out/summary.md"
exit "$status"
