#!/usr/bin/env bash
# The CPU backend on aarch64 without ARM hardware: installs Debian 12's cross toolchain, arm64
# multiarch libraries and qemu-user when missing, cross-builds `rooflab` and the CPU kernel and
# probe tests (the arm64 preset), and runs them under qemu-user: NEON alone (SVE off), then SVE
# at vector lengths of 128, 256 and 512 bits. Then the emulated `rooflab` lists its devices,
# probes with a 10 s budget and runs every family small, each result verified. Emulation shows
# that the kernels compute the right results with the instructions they claim; its timings say
# nothing about any ARM core (docs/methodology.md).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user libc6:arm64
          libhwloc-dev:arm64 libopenblas-dev:arm64 libgtest-dev:arm64 libbenchmark-dev:arm64
          libpapi-dev:arm64 nlohmann-json3-dev libcli11-dev libboost-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "test-arm64: installing ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  # Another apt may be running (CI's set-up): wait for its lock rather than fail.
  apt=($sudo apt-get -o DPkg::Lock::Timeout=900)
  dpkg --print-foreign-architectures | grep -qx arm64 || $sudo dpkg --add-architecture arm64
  "${apt[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# Configure's line per backend says what is off and why: CUDA (no aarch64 nvcc here), OpenCL and
# cluster mode (the preset does not look for them: this stage tests the CPU backend alone).
cmake --preset arm64 | grep '^-- rooflab:'
tests=(tests/kernels/all tests/probes/all)
cmake --build --preset arm64 -j "$(nproc)" --target rooflab "${tests[@]}"

# QEMU_CPU is read by qemu-aarch64 (cmake/aarch64-linux-gnu.cmake runs every test under it);
# ctest lists each binary's tests when it runs (the preset's PRE_TEST discovery), as the tests
# parameterized by ISA level depend on what the emulated CPU reports. With SVE off, every kernel
# and probe test runs (the NEON level and everything that does not depend on the level). At each
# SVE length, what runs SVE's code: the sve instances of the parameterized tests, the tests that
# run every level's variants (reduce, scan, GEMM, stream, peak FLOPs) or the best level's
# (NestedSaxpyRun), and the instruction tests; the backend's tiny probe (CpuBackend) is the smoke
# run's probe below, at 256 bits. Emulated SVE costs about twice emulated NEON, so nested SAXPY's
# every-depth sweep (1.6 G FMAs per level and precision, 50 s at 128 bits) runs with SVE off only:
# its SVE kernels run at every length in NestedSaxpyRun, and at every depth in the smoke run.
tests_at() {  # QEMU_CPU, then ctest's selection
  local cpu=$1
  shift
  echo "test-arm64: tests under qemu-aarch64 -cpu $cpu" >&2
  for part in kernels probes; do
    # ctest keeps the lists it discovered until a binary changes: listed again for this CPU.
    rm -f "build/arm64/tests/$part/"*_tests.cmake
    QEMU_CPU=$cpu ctest --test-dir "build/arm64/tests/$part" -j "$(nproc)" --output-on-failure \
      --timeout 900 "$@"
  done
}
sve_tests="/sve|Sve|Reduce|Scan|Gemm|Stream|PeakFlops|Bandwidth|CpuCases|NestedSaxpyRun|Instructions"
tests_at max,sve=off
for bits in 128 256 512; do
  tests_at "max,sve$bits=on" -R "$sve_tests" -E "/neon|EveryDepth"
done

# The command-line smoke run at SVE's 256 bits (Neoverse V1's length): devices, a probe on a 10 s
# budget, and each family run at 256 elements on a 10 s budget of its own (a run stops only
# between groups of cases, so each family runs at least one group however slow the emulation);
# `run` exits non-zero when a result fails verification, and every family must have results.
out=build/arm64/smoke
rm -rf "$out" && mkdir -p "$out"
rooflab() { QEMU_CPU=max,sve256=on qemu-aarch64 build/arm64/roofline/cli/rooflab "$@"; }
rooflab devices
rooflab probe --budget 10 -o "$out/machine.json"
for family in nested_saxpy stream reduce scan gemm; do
  rooflab run --family "$family" --size 256 --machine "$out/machine.json" --budget 10 \
    -o "$out/$family.json"
done
python3 - "$out" <<'PY'
import json, sys
for family in ("nested_saxpy", "stream", "reduce", "scan", "gemm"):
    results = json.load(open(f"{sys.argv[1]}/{family}.json"))["results"]
    passed = sum(r["verification"]["status"] == "passed" for r in results)
    print(f"test-arm64: smoke run: {family}: {passed} of {len(results)} results verified",
          file=sys.stderr)
    if not results or passed != len(results):
        sys.exit(1)
PY
