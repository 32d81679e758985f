#!/usr/bin/env bash
# The nested SAXPY on a GPU machine, from binaries built elsewhere, in the steps named on the
# command line: `tests` (its GPU tests: every precision and depth, Thrust, the offload parts, the
# device checks, the 16-bit SASS), `memcheck` (compute-sanitizer memcheck on the own, bulk-copy and
# offload kernels), `sweep` (the launch sweep against Thrust that the geometry rule comes from:
# cuda_gpu_test's disabled NestedSaxpyGeometryAgainstThrust), `tiles` (the tile kernel's tiles
# against Thrust that kNestedSaxpyBulkTile and nested_saxpy_l2_tile come from: the disabled
# NestedSaxpyBulkTilesAgainstThrust),
# `study` (a short probe for the host_link and HBM roofs, own vs Thrust at every depth and
# precision at 64M elements, the offload study at 16M, summarized last by
# scripts/nested_saxpy_summary.py), `opencl` (NVIDIA's OpenCL: its cases test, a probe of both
# backends, then the GPU launches of OpenCL and CUDA's own kernels at NS_SIZE elements, 32M unless
# set, under that probe's roofs, summarized by scripts/nested_saxpy_efficiency.py). NVIDIA's OpenCL
# needs OCL_ICD_VENDORS (docs/performance.md). Logs and outputs go to OUT_DIR.
# usage: scripts/nested_saxpy_gpu_check.sh BIN_DIR OUT_DIR STEP...
set -uo pipefail
bin=$1
out=$2
shift 2
mkdir -p "$out"
here=$(dirname "$0")
source "$here/gpu_steps.sh"
nested='Gpu.NestedSaxpy*:Gpu.ThrustNestedSaxpy*:Gpu.OffloadedNestedSaxpy*'
for what in "$@"; do
  case $what in
    tests)
      step gpu_test "$bin/cuda_gpu_test" --gtest_filter="$nested"
      step device_check "$bin/cuda_device_check_gpu_test" --gtest_filter='*NestedSaxpy*'
      step sass "$bin/cuda_sass_test" --gtest_filter='*NestedSaxpy*'
      ;;
    memcheck)
      step memcheck timeout 240 "$sanitizer" --tool memcheck --error-exitcode 1 \
        "$bin/cuda_gpu_test" --gtest_filter='Gpu.NestedSaxpy*:Gpu.BulkCopy*:Gpu.OffloadedNestedSaxpy*'
      ;;
    sweep)
      step sweep "$bin/cuda_gpu_test" --gtest_also_run_disabled_tests \
        --gtest_filter='*NestedSaxpyGeometryAgainstThrust*'
      grep '^summary' "$out/sweep.log"
      ;;
    tiles)
      step tiles "$bin/cuda_gpu_test" --gtest_also_run_disabled_tests \
        --gtest_filter='*NestedSaxpyBulkTiles*'
      grep '^bulk' "$out/tiles.log"
      ;;
    opencl)
      nvidia_opencl "$bin/rooflab"
      step opencl_cases env ROOFLAB_TEST_OPENCL_DEVICE="$opencl" "$bin/opencl_cases_test"
      step opencl_probe "$bin/rooflab" probe -d cuda:0 -d "$opencl" -o "$out/opencl_machine.json"
      step opencl_nested timeout 400 "$bin/rooflab" run -d "$opencl" --family nested_saxpy \
        --size "${NS_SIZE:-32M}" --machine "$out/opencl_machine.json" --no-roof-check \
        --variant v16_c1_wg256_u32 v16_c4_wg256_grid4_u32 -o "$out/opencl_nested.json"
      step cuda_nested "$bin/rooflab" run -d cuda:0 --family nested_saxpy --size "${NS_SIZE:-32M}" \
        --machine "$out/opencl_machine.json" --no-roof-check \
        --variant grid_stride_v16 one_wave_v16 l2_prefetch_tiles -o "$out/cuda_nested.json"
      python3 "$here/../tools/summaries/nested_saxpy_efficiency.py" "$out/opencl_nested.json" "$out/cuda_nested.json"
      ;;
    study)
      step probe "$bin/rooflab" probe -d cuda:0 --budget 20 -o "$out/machine.json"
      step nested "$bin/rooflab" run -d cuda:0 --machine "$out/machine.json" \
        --family nested_saxpy --size 64M -o "$out/nested.json" --variant grid_stride_v16 \
        one_wave_v16 bulk_copy_tiles l2_prefetch_tiles thrust_transform
      step offload "$bin/rooflab" run -d cuda:0 --machine "$out/machine.json" \
        --family nested_saxpy_offload --size 16M --repetitions 5 -o "$out/offload.json"
      python3 "$here/../tools/summaries/nested_saxpy_summary.py" "$out/nested.json" "$out/offload.json"
      ;;
    *)
      echo "unknown step $what (tests, memcheck, sweep, tiles, study, opencl)"
      status=1
      ;;
  esac
done
exit $status
