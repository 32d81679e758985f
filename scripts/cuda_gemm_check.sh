#!/usr/bin/env bash
# The CUDA GEMM ladder on a GPU machine, from binaries built elsewhere: its planning and GPU tests,
# compute-sanitizer memcheck and racecheck on the GPU test's small shapes, the fp32 speed of every
# variant against cuBLAS at 4096 and 8192 (the test's disabled speed test), the quick
# `rooflab run -d cuda:0 --family gemm`, cuBLAS TF32 and BF16 (opt-in) in a run of their own, and
# a report. Logs and outputs go to OUT_DIR; a failing step is reported and the next one still runs.
# usage: scripts/cuda_gemm_check.sh BIN_DIR OUT_DIR
set -uo pipefail
bin=$1
out=$2
mkdir -p "$out"
source "$(dirname "$0")/gpu_steps.sh"
step plan_test "$bin/cuda_gemm_plan_test"
step gpu_test timeout 300 "$bin/cuda_gemm_gpu_test"
step memcheck timeout 300 "$sanitizer" --tool memcheck --error-exitcode 1 \
  "$bin/cuda_gemm_gpu_test" --gtest_filter='GemmGpu.EdgeShapes*:GemmGpu.OddShapes*'
step racecheck timeout 300 "$sanitizer" --tool racecheck --error-exitcode 1 \
  "$bin/cuda_gemm_gpu_test" --gtest_filter='GemmGpu.EdgeShapes*'
step speed timeout 300 "$bin/cuda_gemm_gpu_test" --gtest_also_run_disabled_tests \
  --gtest_filter='GemmGpu.DISABLED_SpeedAgainstCublas'
step run timeout 500 "$bin/rooflab" run -d cuda:0 --family gemm --quick -o "$out/results.json"
step tensor_cores timeout 200 "$bin/rooflab" run -d cuda:0 --family gemm --quick \
  --variant cublas_tf32 --variant cublas_bf16 -o "$out/tensor_cores.json"
step report "$bin/rooflab" report "$out/results.json" -o "$out/report.html"
grep -h "TFLOP/s" "$out/speed.log"
exit $status
