#!/usr/bin/env bash
# The CUDA backend on a GPU machine, from binaries built elsewhere: the GPU tests and the SASS
# check, `rooflab devices`, `probe -d cuda:0`, `run -d cuda:0`, a report, compute-sanitizer
# memcheck and racecheck on the GPU tests, and the summary table (scripts/cuda_summary.py) last.
# Logs and outputs go to OUT_DIR; a failing step is reported and the next one still runs.
# usage: scripts/cuda_gpu_check.sh BIN_DIR OUT_DIR
set -uo pipefail
bin=$1
out=$2
mkdir -p "$out"
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
status=0

step() {  # step NAME COMMAND...: runs it with its output in OUT/NAME.log
  local name=$1
  shift
  local start=$SECONDS
  "$@" >"$out/$name.log" 2>&1
  local rc=$?
  echo "$name: rc=$rc ($((SECONDS - start)) s)"
  [[ $rc -eq 0 ]] || { status=1; tail -n 15 "$out/$name.log"; }
}

nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,memory.total --format=csv >"$out/gpu.txt" 2>&1
cat "$out/gpu.txt"
step gpu_test "$bin/cuda_gpu_test"
step theoretical_test "$bin/cuda_theoretical_test"
step arch_table_test "$bin/cuda_arch_table_test"
step sass_test "$bin/cuda_sass_test"
# The probe's FMA kernels as disassembled, for a reader to check the counts against.
cuobjdump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
"$cuobjdump" -sass -arch sm_90 "$bin/cuda_sass_test" |
  awk '/Function : /{p = /fma_chains/} p' >"$out/fma_chains_sm90.sass" 2>&1
step devices "$bin/rooflab" devices
cat "$out/devices.log"
step probe "$bin/rooflab" probe -d cuda:0 -o "$out/machine.json"
step run "$bin/rooflab" run -d cuda:0 --machine "$out/machine.json" -o "$out/results.json"
step report "$bin/rooflab" report "$out/results.json" -o "$out/report.html"
python3 "$(dirname "$0")/cuda_summary.py" "$out/machine.json" "$out/results.json" >"$out/summary.md"
# The sanitizers last: they are the slowest steps (the planted allocation failure is left out).
step memcheck timeout 150 "$sanitizer" --tool memcheck --error-exitcode 1 "$bin/cuda_gpu_test" \
  --gtest_filter=-Gpu.CudaErrorsNameTheCallAndTheError
step racecheck_stream timeout 100 "$sanitizer" --tool racecheck --error-exitcode 1 \
  "$bin/cuda_gpu_test" --gtest_filter=Gpu.EveryStreamOpVerifiesAtEveryVectorWidth
step racecheck_shared timeout 60 "$sanitizer" --tool racecheck --error-exitcode 1 \
  "$bin/cuda_gpu_test" --gtest_filter=Gpu.SharedMemorySumsAreExact
cat "$out/summary.md"
exit $status
