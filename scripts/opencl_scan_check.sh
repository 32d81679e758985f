#!/usr/bin/env bash
# The OpenCL scan family on a GPU machine, from binaries built elsewhere: its test on NVIDIA's
# OpenCL platform (every offered variant at the edge lengths, the look-back's fallback and
# timeout), then the quick `rooflab run -d cuda:0 -d opencl:P:0 --family scan` at 2^28 elements
# (CUDA and OpenCL in one run, the OpenCL tuning sweep included), the opt-in look-back on OpenCL
# (its default shape and its sweep's points) at the same length, a report, and the targets table
# (scripts/opencl_scan_summary.py) last. NVIDIA's OpenCL needs OCL_ICD_VENDORS
# (docs/performance.md). Logs and outputs go to OUT_DIR; a failing step is reported and the next
# one still runs.
# usage: scripts/opencl_scan_check.sh BIN_DIR OUT_DIR [N=268435456]
set -uo pipefail
bin=$1
out=$2
n=${3:-268435456}
mkdir -p "$out"
here=$(dirname "$0")
source "$here/gpu_steps.sh"
nvidia_opencl "$bin/rooflab"
step gpu_test timeout 200 env ROOFLAB_TEST_OPENCL_DEVICE="$opencl" "$bin/opencl_scan_test"
step run timeout 400 "$bin/rooflab" run -d cuda:0 -d "$opencl" --family scan --quick --size "$n" \
  -o "$out/results.json"
lookback=()
for v in decoupled_lookback_local decoupled_lookback_local_{128,256,512}x{2,4,8}; do
  [[ $v == decoupled_lookback_local_256x4 ]] || lookback+=(--variant "$v")
done
step lookback timeout 200 "$bin/rooflab" run -d "$opencl" --family scan --size "$n" \
  "${lookback[@]}" -o "$out/lookback.json"
step report "$bin/rooflab" report "$out/results.json" "$out/lookback.json" -o "$out/report.html"
python3 "$here/../tools/summaries/opencl_scan_summary.py" "$opencl" cuda:0 "$out/results.json" "$out/lookback.json" \
  >"$out/summary.md" 2>&1 || status=1
cat "$out/summary.md"
exit "$status"
