#!/usr/bin/env bash
# Installs what Rooflab needs (Debian 12 packages) when missing, then configures and builds the
# release preset: the `rooflab` binary, or with --tests everything, after also installing what the
# tests need (a real browser for the report test, the pinned clang-format CI checks with, clang for
# the fuzz targets, pandas, matplotlib and pytest for the Python package).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build git pkg-config binutils
  libbenchmark-dev libgtest-dev nlohmann-json3-dev libboost-math-dev libcli11-dev
  libpapi-dev libhwloc-dev libopenblas-dev ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo
  libclblast-dev libopenmpi-dev openmpi-bin
  python3 python3-jsonschema
)
targets=(--target rooflab)
if [[ "${1:-}" == "--tests" ]]; then
  # clang 14 with its sanitizer and libFuzzer runtimes and OpenMP: the fuzz preset (tests/fuzz).
  packages+=(chromium clang-format-14 clang-14 libclang-rt-14-dev libomp-14-dev)
  # The Python package's wheel, its virtual environment, tests (tests/python) and style check.
  packages+=(python3-pandas python3-matplotlib python3-pytest python3-pip python3-setuptools
             python3-wheel python3-venv flake8)
  targets=()
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# Configure's one line per backend: what is built, and why (the CUDA backend for the GPUs present
# alone; ROOFLAB_CUDA=ON or CUDAARCHS=... in the environment forces it, cmake/CudaBackend.cmake).
cmake --preset release | grep '^-- rooflab:'
cmake --build --preset release -j "$(nproc)" "${targets[@]}"
