#!/usr/bin/env bash
# The L2 roofs on a GPU machine (issue 25 item 4), from binaries built elsewhere: the GPU tests of
# the L2 kernels (the CUDA shared-read one under memcheck and racecheck), gpu-l2-cache built from
# gpu-benches outside the repository (BIN_DIR/cuda-l2-cache, and cuda-l2-cache-cg with its loads
# through __ldcg), then `rooflab probe` of CUDA and NVIDIA's OpenCL in one run (the sweep up to
# 64 MiB: the L2 ceilings, not DRAM's), and the same-call table (scripts/l2_share_summary.py)
# last. NVIDIA's OpenCL needs OCL_ICD_VENDORS (docs/performance.md). Logs and outputs go to
# OUT_DIR; a failing step is reported and the next one still runs.
# usage: scripts/l2_share_check.sh BIN_DIR OUT_DIR
set -uo pipefail
bin=$1
out=$2
mkdir -p "$out"
here=$(dirname "$0")
source "$here/gpu_steps.sh"
nvidia_opencl "$bin/rooflab"
step cuda_test timeout 150 "$bin/cuda_gpu_test" \
  --gtest_filter='Gpu.L2Shared*:Gpu.EveryStreamOp*:Gpu.SharedMemory*'
step memcheck timeout 150 "$sanitizer" --tool memcheck --error-exitcode 1 \
  "$bin/cuda_gpu_test" --gtest_filter='Gpu.L2Shared*'
step racecheck timeout 150 "$sanitizer" --tool racecheck --error-exitcode 1 \
  "$bin/cuda_gpu_test" --gtest_filter='Gpu.L2Shared*'
export ROOFLAB_TEST_OPENCL_DEVICE=$opencl
step opencl_l2_shared_test timeout 150 "$bin/opencl_l2_shared_test"
step opencl_cases_test timeout 150 "$bin/opencl_cases_test" \
  --gtest_filter='*MultiPass*:*CgLoads*:*EveryGpuStream*'
step opencl_backend_test timeout 150 "$bin/opencl_backend_test"
step gl2 "$bin/cuda-l2-cache"
step gl2cg "$bin/cuda-l2-cache-cg"
step probe timeout 300 "$bin/rooflab" probe -d cuda:0 -d "$opencl" --max-working-set 64M \
  -o "$out/m.json"
python3 "$here/../tools/summaries/l2_share_summary.py" "$out/m.json" "$out/gl2.log" "$out/gl2cg.log" \
  >"$out/summary.md" 2>&1 || status=1
cat "$out/summary.md"
exit $status
