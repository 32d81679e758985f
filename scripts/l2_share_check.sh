# issue 25 item 4 (branch l2share): the L2 roofs on an H100 -- GPU tests of the changed kernels,
# memcheck of the new CUDA kernel, gpu-l2-cache (gpu-benches 1c36d50, plain and __ldcg), then
# rooflab probe of CUDA and NVIDIA's OpenCL in the same call; a short table last.
# Packed as .gpu/l2share.tar.xz (rooflab, the test binaries, cuda-l2-cache and cuda-l2-cache-cg
# built from gpu-benches outside the repository).
tar xJf .gpu/l2share.tar.xz; P=$PWD/p; export LD_LIBRARY_PATH=$P/lib:/usr/local/cuda/lib64:/usr/local/cuda/lib
export OCL_ICD_VENDORS=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
R=$PWD; B=$P/bin; cd $OUT
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,memory.total,driver_version --format=csv > gpu.txt 2>&1; cat gpu.txt
$B/rooflab devices 2>&1 | tee -a gpu.txt
OCL=$($B/rooflab devices 2>&1 | grep -i nvidia | grep -o 'opencl:[0-9]*:[0-9]*' | head -1); export ROOFLAB_TEST_OPENCL_DEVICE=$OCL; echo "OCL=$OCL"
t() { echo "== $*"; timeout 150 "$@" 2>&1 | grep -E "^\[  (PASSED|FAILED|SKIPPED) |^\[  FAILED|tests? ran|ERROR SUMMARY|Failure|rror" | head -12; }
{ t $B/cuda_gpu_test --gtest_filter='Gpu.L2Shared*:Gpu.EveryStreamOp*:Gpu.SharedMemory*'
  t /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 1 $B/cuda_gpu_test --gtest_filter='Gpu.L2Shared*'
  t /usr/local/cuda/bin/compute-sanitizer --tool racecheck --error-exitcode 1 $B/cuda_gpu_test --gtest_filter='Gpu.L2Shared*'
  t $B/opencl_l2_shared_test; t $B/opencl_cases_test --gtest_filter='*MultiPass*:*EveryGpuStream*'; t $B/opencl_backend_test
} > tests.log 2>&1; cat tests.log
{ echo "== plain"; $B/cuda-l2-cache; echo "== ldcg"; } > gl2.log 2>&1
$B/cuda-l2-cache-cg > gl2cg.log 2>&1
{ time $B/rooflab probe -d cuda:0 -d $OCL --max-working-set 64M -o m.json; } > probe.log 2>&1; tail -4 probe.log
python3 $R/scripts/l2_share_summary.py m.json gl2.log gl2cg.log > summary.txt 2>&1; cat summary.txt
