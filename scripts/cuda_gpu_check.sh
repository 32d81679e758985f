#!/usr/bin/env bash
# The GPU backends on a GPU machine, from binaries built elsewhere: the CUDA GPU tests and the SASS
# check, `rooflab devices`, bare `rooflab` on cuda:0 and (when the loader sees NVIDIA's OpenCL, see
# OCL_ICD_VENDORS) the same GPU through OpenCL, one report with both, compute-sanitizer memcheck
# and racecheck on the GPU tests, and the summary tables (scripts/cuda_summary.py) last.
# Logs and outputs go to OUT_DIR; a failing step is reported and the next one still runs.
# usage: scripts/cuda_gpu_check.sh BIN_DIR OUT_DIR
set -uo pipefail
bin=$1
out=$2
mkdir -p "$out"
source "$(dirname "$0")/gpu_steps.sh"
step gpu_test "$bin/cuda_gpu_test"
step theoretical_test "$bin/cuda_theoretical_test"
step architectures_test "$bin/probes_nvidia_architectures_test"
step sass_test "$bin/cuda_sass_test"
step tensor_gpu_test "$bin/cuda_tensor_gpu_test"
# The probe's FMA kernels as disassembled, for a reader to check the counts against.
cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
"$cuobjdump" -sass -arch sm_90 "$bin/cuda_sass_test" |
  awk '/Function : /{p = /fma_chains/} p' >"$out/fma_chains_sm90.sass" 2>&1
step devices "$bin/rooflab" devices
cat "$out/devices.log"
# The first OpenCL device of NVIDIA's platform, if the loader lists one.
opencl=$(awk '/^opencl:.*NVIDIA/ {print $1; exit}' "$out/devices.log")
step rooflab "$bin/rooflab" -d cuda:0 ${opencl:+-d "$opencl"} -o "$out/both"
summary() {  # summary DEVICE [REFERENCE]
  python3 "$(dirname "$0")/../tools/summaries/cuda_summary.py" "$out/both/machine.json" "$out/both/results.json" \
    "$@" >"$out/summary-${1//:/_}.md"
}
summary cuda:0
[[ -z $opencl ]] || summary "$opencl" cuda:0
# The sanitizers last: they are the slowest steps (the planted allocation failure is left out).
step memcheck timeout 150 "$sanitizer" --tool memcheck --error-exitcode 1 "$bin/cuda_gpu_test" \
  --gtest_filter=-Gpu.CudaErrorsNameTheCallAndTheError
step racecheck_stream timeout 100 "$sanitizer" --tool racecheck --error-exitcode 1 \
  "$bin/cuda_gpu_test" --gtest_filter=Gpu.EveryStreamOpVerifiesAtEveryVectorWidth
step racecheck_shared timeout 60 "$sanitizer" --tool racecheck --error-exitcode 1 \
  "$bin/cuda_gpu_test" --gtest_filter=Gpu.SharedMemorySumsAreExact
cat "$out"/summary-*.md
exit $status
