"""The GPU checks that check.py runs: per family, what it checks and its steps in order.

A step's command is a list of arguments in which check.py fills these placeholders in:
  {bin}        BIN_DIR: rooflab and the test binaries
  {out}        the family's folder for logs and outputs
  {tools}      this repository's tools/ folder
  {sanitizer}  compute-sanitizer; {cuobjdump} cuobjdump
  {opencl}     NVIDIA's OpenCL device as `rooflab devices` lists it (families with `opencl`)
and, where an argument is exactly one of them, splices these lists in:
  {with_opencl}  -d OPENCL, or nothing where there is none
  {gpus}         -d cuda:G for every GPU of the host
  {args}         the ARGS of check.py's command line, else the family's default ones
"""
from dataclasses import dataclass


@dataclass
class Step:
    name: str           # its log is OUT/NAME.log
    command: list
    timeout: int = 0    # seconds; 0: none
    needs: str = ""     # "opencl" or a program on the PATH; the step is skipped without it
    show: object = None  # printed last: the log's lines matching this regex, or its last N lines


@dataclass
class Family:
    about: str
    steps: list
    opencl: str = ""    # "required" or "optional": NVIDIA's OpenCL device is looked up first
    args: tuple = ()    # the default ARGS


def test(name, binary, gtest_filter="", disabled=False, **options):
    command = ["{bin}/" + binary]
    if disabled:
        command.append("--gtest_also_run_disabled_tests")
    if gtest_filter:
        command.append("--gtest_filter=" + gtest_filter)
    return Step(name, command, **options)


def sanitize(name, tool, binary, gtest_filter, *flags, **options):
    return Step(name, ["{sanitizer}", "--tool", tool, *flags, "--error-exitcode", "1",
                       "{bin}/" + binary, "--gtest_filter=" + gtest_filter], **options)


def rooflab(name, *args, **options):
    return Step(name, ["{bin}/rooflab", *args], **options)


def summary(name, script, *args, **options):
    """A summary of tools/summaries, printed whole at the end."""
    return Step(name, ["python3", "{tools}/summaries/" + script, *args], show="", **options)


def shell(name, script, *args, **options):
    """A bash pipeline; ARGS are its $1, $2, ..."""
    return Step(name, ["bash", "-c", script, "bash", *args], **options)


# One rank per GPU of two, on this host (rooflab places each rank by its local rank).
MPI = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--bind-to", "none",
       "-x", "LD_LIBRARY_PATH", "-n", "2"]
PINGPONG = ["{bin}/rooflab", "probe", "-d", "cpu", "--distinct-nodes", "--threads", "2",
            "--max-working-set", "1M", "--budget", "3"]
# The OpenCL look-back's default shape and its sweep's points; 256x4 is the default shape itself.
LOOKBACK = [arg for shape in ["", *(f"_{w}x{k}" for w in (128, 256, 512) for k in (2, 4, 8))]
            if shape != "_256x4" for arg in ("--variant", "decoupled_lookback_local" + shape)]
TORCH = ["python3", "{tools}/gpu/torch_model.py"]
# Nsight Compute reads the counters Rooflab read for the profile's first kernel.
NCU = r"""metrics=$(python3 -c 'import json, sys
print(",".join(json.load(open(sys.argv[1]))["results"][0]["counters"]))' "$1/torch.json") &&
exec ncu --clock-control none --csv --print-kernel-base mangled --metrics "$metrics" \
  --log-file "$1/ncu.csv" python3 "$2/gpu/torch_model.py"
"""
# The probe's FMA kernels as disassembled, for a reader to check the counts against.
FMA_SASS = r"""set -o pipefail
"$1" -sass -arch sm_90 "$2" | awk '/Function : /{p = /fma_chains/} p'"""
NESTED = "Gpu.NestedSaxpy*:Gpu.ThrustNestedSaxpy*:Gpu.OffloadedNestedSaxpy*"

FAMILIES = {
    "cuda": Family(
        "the CUDA GPU tests and SASS check, bare `rooflab` on cuda:0 and on NVIDIA's OpenCL when "
        "the loader lists it (OCL_ICD_VENDORS), their summaries, compute-sanitizer last",
        opencl="optional", steps=[
            test("gpu_test", "cuda_gpu_test"),
            test("theoretical_test", "cuda_theoretical_test"),
            test("architectures_test", "probes_nvidia_architectures_test"),
            test("sass_test", "cuda_sass_test"),
            test("tensor_gpu_test", "cuda_tensor_gpu_test"),
            shell("fma_chains_sm90_sass", FMA_SASS, "{cuobjdump}", "{bin}/cuda_sass_test"),
            rooflab("rooflab", "-d", "cuda:0", "{with_opencl}", "-o", "{out}/both"),
            summary("summary_cuda", "cuda_summary.py", "{out}/both/machine.json",
                    "{out}/both/results.json", "cuda:0"),
            summary("summary_opencl", "cuda_summary.py", "{out}/both/machine.json",
                    "{out}/both/results.json", "{opencl}", "cuda:0", needs="opencl"),
            # The slowest steps last; the planted allocation failure left out.
            sanitize("memcheck", "memcheck", "cuda_gpu_test",
                     "-Gpu.CudaErrorsNameTheCallAndTheError", timeout=150),
            sanitize("racecheck_stream", "racecheck", "cuda_gpu_test",
                     "Gpu.EveryStreamOpVerifiesAtEveryVectorWidth", timeout=100),
            sanitize("racecheck_shared", "racecheck", "cuda_gpu_test",
                     "Gpu.SharedMemorySumsAreExact", timeout=60),
        ]),
    "gemm": Family(
        "the CUDA GEMM ladder: planning and GPU tests, compute-sanitizer on the small shapes, "
        "every variant's fp32 speed against cuBLAS at 4096 and 8192, the quick run, cuBLAS TF32 "
        "and BF16 (opt-in) in a run of their own, a report", [
            test("plan_test", "cuda_gemm_plan_test"),
            test("gpu_test", "cuda_gemm_gpu_test", timeout=300),
            sanitize("memcheck", "memcheck", "cuda_gemm_gpu_test",
                     "GemmGpu.EdgeShapes*:GemmGpu.OddShapes*", timeout=300),
            sanitize("racecheck", "racecheck", "cuda_gemm_gpu_test", "GemmGpu.EdgeShapes*",
                     timeout=300),
            test("speed", "cuda_gemm_gpu_test", "GemmGpu.DISABLED_SpeedAgainstCublas",
                 disabled=True, timeout=300, show="TFLOP/s"),
            rooflab("run", "run", "-d", "cuda:0", "--family", "gemm", "--quick",
                    "-o", "{out}/results.json", timeout=500),
            rooflab("tensor_cores", "run", "-d", "cuda:0", "--family", "gemm", "--quick",
                    "--variant", "cublas_tf32", "--variant", "cublas_bf16",
                    "-o", "{out}/tensor_cores.json", timeout=200),
            rooflab("report", "report", "{out}/results.json", "-o", "{out}/report.html"),
        ]),
    "reduce": Family(
        "the CUDA reduce ladder: planning and GPU tests, compute-sanitizer on the short sizes, "
        "`rooflab run --family reduce`, a report, the targets table (about 3 minutes on an H100)",
        [
            test("plan_test", "cuda_reduce_plan_test"),
            test("gpu_test", "cuda_reduce_gpu_test", timeout=100),
            sanitize("memcheck", "memcheck", "cuda_reduce_gpu_test", "ReduceGpu.EdgeSizes*",
                     timeout=100),
            sanitize("racecheck", "racecheck", "cuda_reduce_gpu_test",
                     "ReduceGpu.EdgeSizesVerifyInEveryVariant", timeout=100),
            rooflab("run", "run", "-d", "cuda:0", "--family", "reduce",
                    "-o", "{out}/results.json", timeout=180),
            rooflab("report", "report", "{out}/results.json", "-o", "{out}/report.html"),
            summary("summary", "cuda_reduce_summary.py", "{out}/results.json"),
        ]),
    "opencl_reduce": Family(
        "the OpenCL reduce ladder on NVIDIA's OpenCL: plan test, device test (every offered "
        "variant at the edge sizes, CLBlast, whose library must be on LD_LIBRARY_PATH), CUDA and "
        "OpenCL in one `rooflab run --family reduce`, a report, the targets table",
        opencl="required", steps=[
            test("plan_test", "opencl_reduce_plan_test"),
            test("gpu_test", "opencl_reduce_test", timeout=100),
            rooflab("run", "run", "-d", "cuda:0", "-d", "{opencl}", "--family", "reduce",
                    "-o", "{out}/results.json", timeout=210),
            rooflab("report", "report", "{out}/results.json", "-o", "{out}/report.html"),
            summary("summary", "opencl_reduce_summary.py", "{out}/results.json", "{opencl}",
                    "cuda:0"),
        ]),
    "opencl_scan": Family(
        "the OpenCL scan family on NVIDIA's OpenCL: its test (edge lengths, the look-back's "
        "fallback and timeout), CUDA and OpenCL in one quick `rooflab run --family scan` with "
        "the tuning sweep, the opt-in look-back and its sweep's points, a report, the targets "
        "table; ARGS: --size N", opencl="required", args=("--size", "268435456"), steps=[
            test("gpu_test", "opencl_scan_test", timeout=200),
            rooflab("run", "run", "-d", "cuda:0", "-d", "{opencl}", "--family", "scan", "--quick",
                    "{args}", "-o", "{out}/results.json", timeout=400),
            rooflab("lookback", "run", "-d", "{opencl}", "--family", "scan", "{args}", *LOOKBACK,
                    "-o", "{out}/lookback.json", timeout=200),
            rooflab("report", "report", "{out}/results.json", "{out}/lookback.json",
                    "-o", "{out}/report.html"),
            summary("summary", "opencl_scan_summary.py", "{opencl}", "cuda:0",
                    "{out}/results.json", "{out}/lookback.json"),
        ]),
    "nested_saxpy": Family(
        "the nested SAXPY's GPU tests (every precision and depth, Thrust, the offload parts, the "
        "device checks, the 16-bit SASS), compute-sanitizer memcheck on the own, bulk-copy and "
        "offload kernels", [
            test("gpu_test", "cuda_gpu_test", NESTED),
            test("device_check", "cuda_device_check_gpu_test", "*NestedSaxpy*"),
            test("sass", "cuda_sass_test", "*NestedSaxpy*"),
            sanitize("memcheck", "memcheck", "cuda_gpu_test",
                     "Gpu.NestedSaxpy*:Gpu.BulkCopy*:Gpu.OffloadedNestedSaxpy*", timeout=240),
        ]),
    "nested_saxpy_sweep": Family(
        "the launch sweep against Thrust that the nested SAXPY's geometry rule comes from",
        [test("sweep", "cuda_gpu_test", "*NestedSaxpyGeometryAgainstThrust*", disabled=True,
              show="^summary")]),
    "nested_saxpy_tiles": Family(
        "the tile kernel's tiles against Thrust that kNestedSaxpyBulkTile and "
        "nested_saxpy_l2_tile come from",
        [test("tiles", "cuda_gpu_test", "*NestedSaxpyBulkTiles*", disabled=True, show="^bulk")]),
    "nested_saxpy_study": Family(
        "a short probe for the host_link and HBM roofs, own kernels against Thrust at every depth "
        "and precision at 64M elements, the offload study at 16M, summarized", [
            rooflab("probe", "probe", "-d", "cuda:0", "--budget", "20",
                    "-o", "{out}/machine.json"),
            rooflab("nested", "run", "-d", "cuda:0", "--machine", "{out}/machine.json",
                    "--family", "nested_saxpy", "--size", "64M", "-o", "{out}/nested.json",
                    "--variant", "grid_stride_v16", "one_wave_v16", "bulk_copy_tiles",
                    "l2_prefetch_tiles", "thrust_transform"),
            rooflab("offload", "run", "-d", "cuda:0", "--machine", "{out}/machine.json",
                    "--family", "nested_saxpy_offload", "--size", "16M", "--repetitions", "5",
                    "-o", "{out}/offload.json"),
            summary("summary", "nested_saxpy_summary.py", "{out}/nested.json",
                    "{out}/offload.json"),
        ]),
    "nested_saxpy_opencl": Family(
        "the nested SAXPY on NVIDIA's OpenCL: its cases test, a probe of both backends, OpenCL's "
        "and CUDA's own kernels under that probe's roofs, their efficiencies; ARGS: --size N",
        opencl="required", args=("--size", "32M"), steps=[
            test("opencl_cases", "opencl_cases_test"),
            rooflab("opencl_probe", "probe", "-d", "cuda:0", "-d", "{opencl}",
                    "-o", "{out}/opencl_machine.json"),
            rooflab("opencl_nested", "run", "-d", "{opencl}", "--family", "nested_saxpy", "{args}",
                    "--machine", "{out}/opencl_machine.json", "--no-roof-check",
                    "--variant", "v16_c1_wg256_u32", "v16_c4_wg256_grid4_u32",
                    "-o", "{out}/opencl_nested.json", timeout=400),
            rooflab("cuda_nested", "run", "-d", "cuda:0", "--family", "nested_saxpy", "{args}",
                    "--machine", "{out}/opencl_machine.json", "--no-roof-check",
                    "--variant", "grid_stride_v16", "one_wave_v16", "l2_prefetch_tiles",
                    "-o", "{out}/cuda_nested.json"),
            summary("efficiency", "nested_saxpy_efficiency.py", "{out}/opencl_nested.json",
                    "{out}/cuda_nested.json"),
        ]),
    "l2_share": Family(
        "the L2 roofs: the L2 kernels' GPU tests (CUDA's shared read under memcheck and "
        "racecheck, OpenCL's), gpu-l2-cache (BIN_DIR/cuda-l2-cache and cuda-l2-cache-cg, built "
        "from gpu-benches), a probe of CUDA and NVIDIA's OpenCL up to 64 MiB, the same-call table",
        opencl="required", steps=[
            test("cuda_test", "cuda_gpu_test",
                 "Gpu.L2Shared*:Gpu.EveryStreamOp*:Gpu.SharedMemory*", timeout=150),
            sanitize("memcheck", "memcheck", "cuda_gpu_test", "Gpu.L2Shared*", timeout=150),
            sanitize("racecheck", "racecheck", "cuda_gpu_test", "Gpu.L2Shared*", timeout=150),
            test("opencl_l2_shared_test", "opencl_l2_shared_test", timeout=150),
            test("opencl_cases_test", "opencl_cases_test",
                 "*MultiPass*:*CgLoads*:*EveryGpuStream*", timeout=150),
            test("opencl_backend_test", "opencl_backend_test", timeout=150),
            Step("gl2", ["{bin}/cuda-l2-cache"]),
            Step("gl2cg", ["{bin}/cuda-l2-cache-cg"]),
            rooflab("probe", "probe", "-d", "cuda:0", "-d", "{opencl}", "--max-working-set", "64M",
                    "-o", "{out}/m.json", timeout=300),
            summary("summary", "l2_share_summary.py", "{out}/m.json", "{out}/gl2.log",
                    "{out}/gl2cg.log"),
        ]),
    "cupti": Family(
        "the CUPTI provider: its GPU-free and GPU tests (calibration; nested SAXPY and DFMA "
        "counts against declared work), the nested SAXPY and stream kernels run without and with "
        "--counters, each kernel placed by its measured DRAM bytes", [
            Step("driver_params", ["cat", "/proc/driver/nvidia/params"],
                 show="RmProfilingAdminOnly"),
            test("cupti_test", "cupti_test"),
            test("cupti_gpu_test", "cupti_gpu_test", show="^note:"),
            rooflab("run_plain", "run", "-d", "cuda:0", "--family", "nested_saxpy", "stream",
                    "--variant", "grid_stride_v16", "-o", "{out}/plain.json"),
            rooflab("run_counters", "run", "-d", "cuda:0", "--family", "nested_saxpy", "stream",
                    "--variant", "grid_stride_v16", "--counters", "-o", "{out}/counted.json",
                    show="^note:"),
            summary("placement", "cupti_summary.py", "{out}/counted.json", "{out}/plain.json"),
        ]),
    "multi_gpu": Family(
        "every GPU of the host: the two-GPU test and memcheck on its peer copies, one probe of "
        "every GPU (alone, then all at once, the peer copies, identical GPUs compared), then with "
        "mpirun one rank per GPU probing and running under its own GPU's roofs, and the MPI "
        "ping-pong with Open MPI's default transports, shared memory, TCP; ARGS: probe options",
        [
            Step("topology", ["nvidia-smi", "topo", "-m"]),
            test("multi_gpu_test", "cuda_multi_gpu_test"),
            # The peer-access toggles' expected "already enabled" / "not enabled" are API
            # errors, not faults.
            sanitize("memcheck", "memcheck", "cuda_multi_gpu_test", "*PeerCopy*",
                     "--report-api-errors", "no"),
            rooflab("probe", "probe", "{gpus}", "{args}", "-o", "{out}/probe.json"),
            summary("summary", "multi_gpu_summary.py", "{out}/probe.json"),
            Step("mpirun_version", ["mpirun", "--version"], needs="mpirun"),
            Step("ompi_info", ["ompi_info"], needs="mpirun"),
            Step("rank_per_gpu", [*MPI, "{bin}/rooflab", "probe", "-d", "cuda:{local_rank}",
                                  "--budget", "30", "-o", "{out}/per_gpu.json"],
                 timeout=300, needs="mpirun"),
            # Each rank's results in a file of its own, under its own GPU's roofs.
            Step("run_per_gpu", [*MPI, "{bin}/rooflab", "run", "-d", "cuda:{local_rank}",
                                 "--family", "stream", "nested_saxpy", "--budget", "30",
                                 "--machine", "{out}/per_gpu.json", "-o", "{out}/run.json"],
                 timeout=300, needs="mpirun"),
            Step("run_placed", ["python3", "{tools}/gpu/ranks_placed.py", "{out}/per_gpu.json",
                                "{out}/run.json"], needs="mpirun", show=""),
            Step("pingpong_default", [*MPI, *PINGPONG, "-o", "{out}/pingpong_default.json"],
                 timeout=120, needs="mpirun"),
            Step("pingpong_vader", [*MPI, "--mca", "pml", "ob1", "--mca", "btl", "self,vader",
                                    *PINGPONG, "-o", "{out}/pingpong_vader.json"],
                 timeout=120, needs="mpirun"),
            Step("pingpong_tcp", [*MPI, "--mca", "pml", "ob1", "--mca", "btl", "self,tcp",
                                  *PINGPONG, "-o", "{out}/pingpong_tcp.json"],
                 timeout=120, needs="mpirun"),
            summary("cluster_summary", "multi_gpu_summary.py", "--cluster", "{out}/per_gpu.json",
                    "{out}/pingpong_default.json", "{out}/pingpong_vader.json",
                    "{out}/pingpong_tcp.json", needs="mpirun"),
        ]),
    "profile": Family(
        "`rooflab profile` end to end: the profile tests, Rooflab's own kernels profiled against "
        "their exact work, a probe, the PyTorch program torch_model.py profiled (counted and "
        "time-only), `rooflab run` profiled, a report, two profiles compared, and Nsight "
        "Compute's counts of the same launches beside Rooflab's", [
            Step("plain_run", TORCH),
            test("cuda_profile_test", "cuda_profile_test"),
            test("profile_gpu_test", "cuda_profile_gpu_test", show=40),
            rooflab("probe", "probe", "-d", "cuda:0", "-o", "{out}/machine.json"),
            rooflab("profile", "profile", "-d", "cuda:0", "--machine", "{out}/machine.json",
                    "-o", "{out}/torch.json", "--", *TORCH, show=25),
            rooflab("profile_again", "profile", "-d", "cuda:0", "--machine", "{out}/machine.json",
                    "--no-plain-run", "-o", "{out}/torch2.json", "--", *TORCH, show="profiled"),
            rooflab("time_only", "profile", "-d", "cuda:0", "--sample", "0",
                    "-o", "{out}/torch_times.json", "--", *TORCH, show="profiled"),
            rooflab("profile_run", "profile", "-d", "cuda:0", "--machine", "{out}/machine.json",
                    "-o", "{out}/own.json", "--", "{bin}/rooflab", "run", "-d", "cuda:0",
                    "--family", "stream", "nested_saxpy", "--size", "64M", "--no-roof-check",
                    "-o", "{out}/run.json", show=12),
            rooflab("report", "report", "{out}/machine.json", "{out}/torch.json",
                    "-o", "{out}/torch.html"),
            rooflab("compare", "compare", "{out}/torch.json", "{out}/torch2.json", show=4),
            shell("ncu", NCU, "{out}", "{tools}"),
            Step("ncu_agreement", ["python3", "{tools}/gpu/ncu_agreement.py", "{out}/torch.json",
                                   "{out}/ncu.csv"], show=30),
        ]),
}
