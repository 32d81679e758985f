#!/usr/bin/env bash
# The CUPTI provider on a GPU machine, from binaries built elsewhere: its GPU-free tests, its GPU
# test (calibration; nested SAXPY and DFMA counts against declared work), then the nested SAXPY
# sweep and the stream kernels run twice, without and with --counters, and the placement table
# (scripts/cupti_summary.py: each kernel placed by measured DRAM bytes against its declared
# position, 5% target; the timed medians of both runs side by side) last.
# Logs and outputs go to OUT_DIR; a failing step is reported and the next one still runs.
# usage: scripts/cupti_gpu_check.sh BIN_DIR OUT_DIR (gpu_steps.sh and cupti_summary.py beside it)
set -uo pipefail
bin=$1
out=$2
mkdir -p "$out"
source "$(dirname "$0")/gpu_steps.sh"
# Libraries carried beside the binaries (BIN_DIR/lib: PAPI, which the device machine lacks).
[[ -d $bin/lib ]] && export LD_LIBRARY_PATH=$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# libcupti: the toolkit's lib64, or extras/CUPTI/lib64 where the toolkit keeps it apart.
cuda_root=$(dirname "$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")")
[[ -d $cuda_root/extras/CUPTI/lib64 ]] &&
  export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$cuda_root/extras/CUPTI/lib64
grep -H RmProfilingAdminOnly /proc/driver/nvidia/params 2>/dev/null
step cupti_test "$bin/cupti_test"
step cupti_gpu_test "$bin/cupti_gpu_test"
sweep=(run -d cuda:0 --family nested_saxpy stream --variant grid_stride_v16)
step run_plain "$bin/rooflab" "${sweep[@]}" -o "$out/plain.json"
step run_counters "$bin/rooflab" "${sweep[@]}" --counters -o "$out/counted.json"
step placement python3 "$(dirname "$0")/../tools/summaries/cupti_summary.py" "$out/counted.json" "$out/plain.json"
grep -h "^note:" "$out/cupti_gpu_test.log" "$out/run_counters.log"
cat "$out/placement.log"
exit $status
